import type { RxLinkView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Pager } from '../../../components/pager';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useProductInfo } from '../../rx/api/get-product-info';
import { useDeleteRxLink } from '../api/delete-rx-link';
import { useRxLinksSearch } from '../api/get-rx-links';
import { treatmentName } from '../components/pharmacy-format';
import { LinkCard } from '../components/pharmacy-link-card';
import { CreateLinkForm } from '../components/pharmacy-link-form';
import { PharmacyVerifiedGate } from '../components/pharmacy-verified-gate';

/** The catalogue's name of a link's treatment (its nameKey), else the rules' name, else the id. */
function linkTreatment(
  t: ReturnType<typeof useT>,
  products: readonly RxProductView[],
  screenId: string,
): string {
  return treatmentName(t, screenId, products.find((p) => p.id === screenId)?.nameKey);
}

/** The links screen's body: a new link, the links, and a deletion confirmed first. */
export function LinksBody() {
  const t = useT();
  const products = useProductInfo(null, { staleTime: 5 * 60_000 });
  const [deleting, setDeleting] = useState<RxLinkView | null>(null);
  const remove = useDeleteRxLink({
    onSuccess: () => {
      setDeleting(null);
      notifications.show({ color: 'green', message: t('pharmacyScreens.links.deleted') });
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
        <PharmacyLinksList
          catalogue={catalogue}
          onDelete={(link) => {
            remove.reset();
            setDeleting(link);
          }}
        />
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

/** The links, newest first, searched and paged on the server. */
function PharmacyLinksList({
  catalogue,
  onDelete,
}: {
  catalogue: readonly RxProductView[];
  onDelete: (link: RxLinkView) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [ask, setAsk] = useState<{ query: string; page: number }>({ query: '', page: 1 });
  const links = useRxLinksSearch(ask);
  const searchId = useId();
  return (
    <>
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
              onDelete={() => onDelete(link)}
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
    </>
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
