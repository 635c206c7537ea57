import {
  createRxLinkRequestSchema,
  type RxLinkView,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Facts } from '../../../components/facts';
import { Pager } from '../../../components/pager';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { getProductInfo, productInfoQueryKey } from '../../rx/api/get-product-info';
import { createRxLink } from '../api/create-rx-link';
import { deleteRxLink } from '../api/delete-rx-link';
import { rxLinksQueryKey, rxLinksSearchQueryKey, searchRxLinks } from '../api/get-rx-links';
import { formatDay, treatmentName } from '../components/pharmacy-format';
import { PharmacyVerifiedGate } from '../components/pharmacy-verified-gate';

/** The catalogue's name of a link's treatment (its nameKey), else the rules' name, else the id. */
function linkTreatment(
  t: ReturnType<typeof useT>,
  products: readonly RxProductView[],
  screenId: string,
): string {
  return treatmentName(t, screenId, products.find((p) => p.id === screenId)?.nameKey);
}

/** A new link: the treatment (from the catalogue), an optional medication list and comment. */
function CreateLinkForm({ products }: { products: readonly RxProductView[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [screenId, setScreenId] = useState('');
  const [medListId, setMedListId] = useState('');
  const [comment, setComment] = useState('');
  const [treatmentError, setTreatmentError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createRxLink({ screenId, medListId, comment }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('pharmacyScreens.links.created') });
      setScreenId('');
      setMedListId('');
      setComment('');
      void queryClient.invalidateQueries({ queryKey: rxLinksQueryKey });
    },
  });
  return (
    <SectionCard title={t('pharmacyScreens.links.createTitle')} testId="pharmacy-link-form">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = createRxLinkRequestSchema.safeParse({ screenId, medListId, comment });
          if (!parsed.success || !products.some((p) => p.id === screenId)) {
            setTreatmentError(t('pharmacyScreens.links.treatmentRequired'));
            return;
          }
          create.mutate();
        }}
      >
        <Stack gap="sm">
          <NativeSelect
            label={t('pharmacyScreens.links.treatment')}
            value={screenId}
            onChange={(event) => {
              setScreenId(event.currentTarget.value);
              setTreatmentError(null);
            }}
            data={[
              { value: '', label: t('pharmacyScreens.links.treatmentChoose') },
              ...products.map((p) => ({ value: p.id, label: treatmentName(t, p.id, p.nameKey) })),
            ]}
            error={treatmentError}
            withAsterisk
            data-testid="pharmacy-link-treatment"
          />
          <TextInput
            label={t('pharmacyScreens.links.medListOptional')}
            value={medListId}
            onChange={(event) => setMedListId(event.currentTarget.value)}
            maxLength={100}
            data-testid="pharmacy-link-medlist"
          />
          <Textarea
            label={t('pharmacyScreens.links.commentOptional')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
            data-testid="pharmacy-link-comment"
          />
          {create.isError ? (
            <Alert color="red" role="alert" data-testid="pharmacy-link-error">
              {t('pharmacyScreens.links.createFailed', { message: errorText(t, create.error) })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={create.isPending}
            w="fit-content"
            data-testid="pharmacy-link-create"
          >
            {t('pharmacyScreens.links.create')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function LinkCard({
  link,
  name,
  onDelete,
}: {
  link: RxLinkView;
  name: string;
  onDelete: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="pharmacy-link"
      data-link-id={link.id}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {name}
        </Title>
        <Facts
          labelWidth={180}
          rows={[
            {
              key: 'medList',
              label: t('pharmacyScreens.links.medList'),
              value: link.medListId ?? '—',
            },
            {
              key: 'comment',
              label: t('pharmacyScreens.links.comment'),
              value: link.comment ?? '—',
            },
            {
              key: 'created',
              label: t('pharmacyScreens.links.createdAt'),
              value: formatDay(link.createdAt, lang),
            },
          ]}
        />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('pharmacyScreens.links.url')}
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 260px' }}
            data-testid="pharmacy-link-url"
          />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green' : undefined}
                onClick={copy}
                aria-label={t('pharmacyScreens.links.actionLabel', {
                  action: copied
                    ? t('pharmacyScreens.links.copied')
                    : t('pharmacyScreens.links.copy'),
                  name,
                })}
                data-testid="pharmacy-link-copy"
              >
                {copied ? t('pharmacyScreens.links.copied') : t('pharmacyScreens.links.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="outline"
            color="red"
            onClick={onDelete}
            aria-label={t('pharmacyScreens.links.actionLabel', {
              action: t('pharmacyScreens.links.delete'),
              name,
            })}
            data-testid="pharmacy-link-delete"
          >
            {t('pharmacyScreens.links.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function LinksBody() {
  const t = useT();
  const queryClient = useQueryClient();
  const products = useQuery({
    queryKey: productInfoQueryKey(null),
    queryFn: () => getProductInfo(null),
    staleTime: 5 * 60_000,
  });
  // Newest first, searched and paged on the server (issue 36, finding 14).
  const [draft, setDraft] = useState('');
  const [ask, setAsk] = useState<{ query: string; page: number }>({ query: '', page: 1 });
  const links = useQuery({
    queryKey: rxLinksSearchQueryKey(ask),
    queryFn: () => searchRxLinks(ask),
    placeholderData: keepPreviousData,
  });
  const searchId = useId();
  const [deleting, setDeleting] = useState<RxLinkView | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteRxLink(id),
    onSuccess: () => {
      setDeleting(null);
      notifications.show({ color: 'green', message: t('pharmacyScreens.links.deleted') });
      void queryClient.invalidateQueries({ queryKey: rxLinksQueryKey });
    },
  });
  const catalogue = products.data?.products ?? [];

  return (
    <Stack gap="md">
      {products.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, products.error)}
        </Alert>
      ) : products.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : (
        <CreateLinkForm products={catalogue} />
      )}
      <Stack gap="xs" component="section" aria-labelledby="pharmacy-links-title">
        <Title order={2} size="h4" id="pharmacy-links-title">
          {t('pharmacyScreens.links.listTitle')}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setAsk({ query: draft.trim(), page: 1 });
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              id={searchId}
              label={t('lists.links.searchLabel')}
              value={draft}
              maxLength={100}
              onChange={(event) => setDraft(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="pharmacy-links-search"
            />
            <Button type="submit" variant="default" data-testid="pharmacy-links-search-submit">
              {t('lists.search')}
            </Button>
          </Group>
        </form>
        {links.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : links.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, links.error)}
          </Alert>
        ) : links.data.total === 0 ? (
          <Text c="dimmed" data-testid="pharmacy-links-empty">
            {ask.query ? t('lists.noMatch') : t('pharmacyScreens.links.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {links.data.links.map((link) => (
              <LinkCard
                key={link.id}
                link={link}
                name={linkTreatment(t, catalogue, link.screenId)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(link);
                }}
              />
            ))}
          </Stack>
        )}
        {links.data && links.data.total > links.data.pageSize ? (
          <Pager
            page={links.data.page}
            total={links.data.total}
            pageSize={links.data.pageSize}
            onPage={(page) => setAsk((current) => ({ ...current, page }))}
            testId="pharmacy-links-pager"
          />
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('pharmacyScreens.links.deleteTitle')}
        body={t('pharmacyScreens.links.deleteBody', {
          name: deleting ? linkTreatment(t, catalogue, deleting.screenId) : '',
        })}
        confirmLabel={t('pharmacyScreens.links.deleteConfirm')}
        cancelLabel={t('pharmacyScreens.keep')}
        pending={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
        onClose={() => setDeleting(null)}
        testId="pharmacy-link-delete-dialog"
      />
    </Stack>
  );
}

/**
 * /links (spec section 2, 'readyrx'): the pharmacy's Rx links: customers who open one are
 * evaluated for its treatment and their prescription comes to this pharmacy. Each shows its
 * address with a copy button; a new one is made from the catalogue's treatments.
 */
export function LinksScreen() {
  const t = useT();
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="links">
      <Title order={1} size="h2">
        {t('pharmacyScreens.links.title')}
      </Title>
      <Text c="dimmed">{t('pharmacyScreens.links.lead')}</Text>
      <PharmacyVerifiedGate>{() => <LinksBody />}</PharmacyVerifiedGate>
    </Stack>
  );
}
