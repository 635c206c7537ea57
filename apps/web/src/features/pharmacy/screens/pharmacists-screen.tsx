import type { PharmacistView, RxLinkView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Facts } from '../../../components/facts';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { getProductInfo, productInfoQueryKey } from '../../rx/api/get-product-info';
import { getPharmacists, pharmacistsQueryKey } from '../api/get-pharmacists';
import { getRxLinks, rxLinksQueryKey } from '../api/get-rx-links';
import { invitePharmacist } from '../api/invite-pharmacist';
import { revokePharmacist } from '../api/revoke-pharmacist';
import { FeeAccountSection } from '../components/fee-account-section';
import {
  checkInvite,
  emptyInviteDraft,
  type InviteDraft,
  type InviteField,
} from '../components/invite-form';
import { formatDay, treatmentName } from '../components/pharmacy-format';

/** A link as the lists name it: its treatment, and its medication list when it has one. */
function useLinkLabel() {
  const t = useT();
  const products = useQuery({
    queryKey: productInfoQueryKey(null),
    queryFn: () => getProductInfo(null),
    staleTime: 5 * 60_000,
  });
  return (link: RxLinkView) => {
    const nameKey = products.data?.products.find((p) => p.id === link.screenId)?.nameKey;
    const name = treatmentName(t, link.screenId, nameKey);
    return link.medListId ? `${name} · ${link.medListId}` : name;
  };
}

function InviteForm({ links }: { links: readonly RxLinkView[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const linkLabel = useLinkLabel();
  const [draft, setDraft] = useState<InviteDraft>(emptyInviteDraft);
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});
  const set = <K extends InviteField>(field: K, value: InviteDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const invite = useMutation({
    mutationFn: invitePharmacist,
    onSuccess: (pharmacist) => {
      notifications.show({
        color: 'green',
        message: t('pharmacyScreens.invite.sent', { email: pharmacist.email }),
      });
      setDraft(emptyInviteDraft);
      void queryClient.invalidateQueries({ queryKey: pharmacistsQueryKey });
    },
  });
  return (
    <SectionCard
      title={t('pharmacyScreens.invite.title')}
      description={t('pharmacyScreens.invite.lead')}
      testId="pharmacist-invite-form"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkInvite(draft, isMessageKey);
          if (!checked.ok) {
            const shown: Partial<Record<InviteField, string>> = {};
            for (const [field, key] of Object.entries(checked.errors)) {
              if (key) shown[field as InviteField] = t(key);
            }
            setErrors(shown);
            return;
          }
          invite.mutate(checked.request);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('pharmacyScreens.invite.email')}
            type="email"
            autoComplete="off"
            value={draft.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
            withAsterisk
            data-testid="pharmacist-invite-email"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('pharmacyScreens.invite.firstName')}
              autoComplete="off"
              value={draft.firstName}
              onChange={(event) => set('firstName', event.currentTarget.value)}
              error={errors.firstName}
              withAsterisk
              data-testid="pharmacist-invite-first-name"
            />
            <TextInput
              label={t('pharmacyScreens.invite.lastName')}
              autoComplete="off"
              value={draft.lastName}
              onChange={(event) => set('lastName', event.currentTarget.value)}
              error={errors.lastName}
              withAsterisk
              data-testid="pharmacist-invite-last-name"
            />
          </SimpleGrid>
          <MultiSelect
            label={t('pharmacyScreens.invite.states')}
            description={t('pharmacyScreens.invite.statesHint')}
            data={usStates.map((s) => ({ value: s.code, label: t(s.nameKey) }))}
            value={draft.states}
            onChange={(value) => set('states', value)}
            error={errors.states}
            searchable
            clearable
            withAsterisk
            nothingFoundMessage={t('pharmacyScreens.invite.nothingFound')}
            data-testid="pharmacist-invite-states"
          />
          <MultiSelect
            label={t('pharmacyScreens.invite.links')}
            description={
              links.length === 0
                ? t('pharmacyScreens.invite.noLinks')
                : t('pharmacyScreens.invite.linksHint')
            }
            data={links.map((link) => ({ value: link.id, label: linkLabel(link) }))}
            value={draft.links}
            onChange={(value) => set('links', value)}
            error={errors.links}
            disabled={links.length === 0}
            searchable
            clearable
            nothingFoundMessage={t('pharmacyScreens.invite.nothingFound')}
            data-testid="pharmacist-invite-links"
          />
          <Checkbox
            label={t('pharmacyScreens.invite.claimedOnly')}
            description={t('pharmacyScreens.invite.claimedOnlyHint')}
            checked={draft.claimedOnly}
            onChange={(event) => set('claimedOnly', event.currentTarget.checked)}
            data-testid="pharmacist-invite-claimed-only"
          />
          {invite.isError ? (
            <Alert color="red" role="alert" data-testid="pharmacist-invite-error">
              {t('pharmacyScreens.invite.failed', { message: errorText(t, invite.error) })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={invite.isPending}
            w="fit-content"
            data-testid="pharmacist-invite-submit"
          >
            {t('pharmacyScreens.invite.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function PharmacistCard({
  pharmacist,
  links,
  onRevoke,
}: {
  pharmacist: PharmacistView;
  links: readonly RxLinkView[];
  onRevoke: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const linkLabel = useLinkLabel();
  const linkNames = pharmacist.links.map((id) => {
    const link = links.find((l) => l.id === id);
    return link ? linkLabel(link) : id;
  });
  const revoked = pharmacist.revokedAt !== null;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="pharmacist"
      data-pharmacist-id={pharmacist.id}
      data-revoked={revoked}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {pharmacist.name}
          </Title>
          {revoked ? (
            <Badge color="gray" variant="light" tt="none">
              {t('pharmacyScreens.pharmacists.revokedBadge')}
            </Badge>
          ) : null}
        </Group>
        <Facts
          labelWidth={180}
          rows={[
            {
              key: 'email',
              label: t('pharmacyScreens.pharmacists.email'),
              value: pharmacist.email,
            },
            {
              key: 'states',
              label: t('pharmacyScreens.pharmacists.states'),
              value: pharmacist.states.join(', ') || '—',
            },
            {
              key: 'links',
              label: t('pharmacyScreens.pharmacists.links'),
              value: linkNames.join('; ') || t('pharmacyScreens.pharmacists.allLinks'),
            },
            {
              key: 'claimedOnly',
              label: t('pharmacyScreens.pharmacists.claimedOnly'),
              value: pharmacist.claimedOnly ? t('pharmacyScreens.yes') : t('pharmacyScreens.no'),
            },
            {
              key: 'invited',
              label: t('pharmacyScreens.pharmacists.invited'),
              value: formatDay(pharmacist.invitedAt, lang),
            },
            {
              key: 'revoked',
              label: t('pharmacyScreens.pharmacists.revoked'),
              value: pharmacist.revokedAt ? formatDay(pharmacist.revokedAt, lang) : '—',
            },
          ]}
        />
        {revoked ? null : (
          <Button
            variant="outline"
            color="red"
            w="fit-content"
            onClick={onRevoke}
            aria-label={t('pharmacyScreens.pharmacists.revokeLabel', { name: pharmacist.name })}
            data-testid="pharmacist-revoke"
          >
            {t('pharmacyScreens.pharmacists.revoke')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /pharmacists (our addition, issue 15; the route guard admits the pharmacy's administrator
 * only): the pharmacists with their grants (states, links, claimed visits only), invited by
 * e-mail here and revoked after a confirmation.
 */
export function PharmacistsScreen() {
  const t = useT();
  const queryClient = useQueryClient();
  const pharmacists = useQuery({ queryKey: pharmacistsQueryKey, queryFn: getPharmacists });
  const links = useQuery({ queryKey: rxLinksQueryKey, queryFn: getRxLinks });
  const [revoking, setRevoking] = useState<PharmacistView | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => revokePharmacist(id),
    onSuccess: (pharmacist) => {
      setRevoking(null);
      notifications.show({
        color: 'green',
        message: t('pharmacyScreens.pharmacists.revokedDone', { name: pharmacist.name }),
      });
      void queryClient.invalidateQueries({ queryKey: pharmacistsQueryKey });
    },
  });
  const linkList = links.data ?? [];

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="pharmacists">
      <Title order={1} size="h2">
        {t('pharmacyScreens.pharmacists.title')}
      </Title>
      <FeeAccountSection />
      <InviteForm links={linkList} />
      <Stack gap="xs" component="section" aria-labelledby="pharmacists-list-title">
        <Title order={2} size="h4" id="pharmacists-list-title">
          {t('pharmacyScreens.pharmacists.listTitle')}
        </Title>
        {pharmacists.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : pharmacists.isError ? (
          <Alert color="red" role="alert" data-testid="pharmacists-error">
            <Stack gap="xs">
              <Text size="sm">{errorText(t, pharmacists.error)}</Text>
              <Button
                size="xs"
                variant="light"
                w="fit-content"
                onClick={() => void pharmacists.refetch()}
              >
                {t('pharmacyScreens.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : pharmacists.data.length === 0 ? (
          <Text c="dimmed" data-testid="pharmacists-empty">
            {t('pharmacyScreens.pharmacists.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {pharmacists.data.map((pharmacist) => (
              <PharmacistCard
                key={pharmacist.id}
                pharmacist={pharmacist}
                links={linkList}
                onRevoke={() => {
                  revoke.reset();
                  setRevoking(pharmacist);
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('pharmacyScreens.pharmacists.revokeTitle')}
        body={t('pharmacyScreens.pharmacists.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('pharmacyScreens.pharmacists.revokeConfirm')}
        cancelLabel={t('pharmacyScreens.keep')}
        pending={revoke.isPending}
        error={revoke.isError ? errorText(t, revoke.error) : null}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
        }}
        onClose={() => setRevoking(null)}
        testId="pharmacist-revoke-dialog"
      />
    </Stack>
  );
}
