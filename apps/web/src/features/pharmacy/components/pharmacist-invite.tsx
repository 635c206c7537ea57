import type { RxLinkView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { usStates } from '@apothecall/domain/places/places.rules';
import { Alert, Button, Checkbox, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useInvitePharmacist } from '../api/invite-pharmacist';
import { checkInvite, emptyInviteDraft, type InviteDraft, type InviteField } from './invite-form';
import { useLinkLabel } from './use-link-label';

/** The invitation: e-mail and name, then the grant (states, links, claimed visits only). */
export function InviteForm({ links }: { links: readonly RxLinkView[] }) {
  const t = useT();
  const form = useDraft<InviteDraft, string, InviteField>(emptyInviteDraft);
  const { draft, errors, set } = form;
  const invite = useInvitePharmacist({
    onSuccess: (pharmacist) => {
      notifications.show({
        color: 'green',
        message: t('pharmacyScreens.invite.sent', { email: pharmacist.email }),
      });
      form.reset();
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
            form.refuse(shown);
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
          <InviteGrantFields links={links} draft={draft} errors={errors} set={set} />
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

/** The grant's fields: the states, the links (when the pharmacy has any), claimed visits only. */
function InviteGrantFields({
  links,
  draft,
  errors,
  set,
}: {
  links: readonly RxLinkView[];
  draft: InviteDraft;
  errors: Partial<Record<InviteField, string>>;
  set: <K extends InviteField>(field: K, value: InviteDraft[K]) => void;
}) {
  const t = useT();
  const linkLabel = useLinkLabel();
  return (
    <>
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
    </>
  );
}
