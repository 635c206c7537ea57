import { link } from '@apothecall/domain/navigation/links';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import { Alert, Anchor, Card, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/external-link';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { useConsents } from '../../accounts/api/get-consents';
import { useDependents } from '../../accounts/api/get-dependents';
import { errorText } from './get-care-format';
import { GetCareStepFrame } from './get-care-step-frame';

/** A legal document: the brand's own when it publishes one, else the in-app terms page. */
function LegalLink({ url, label }: { url: string | null | undefined; label: string }) {
  if (!url || url.trim() === '') {
    return (
      <Anchor component={Link} to={link('/terms')} size="sm">
        {label}
      </Anchor>
    );
  }
  return (
    <ExternalLink href={url} size="sm">
      {label}
    </ExternalLink>
  );
}

/**
 * Step 5 (spec section 5, Consent): the consent-to-treat and terms checkbox, and the phone
 * confirmation — the phone on file and what it is used for. Both are required.
 */
export function GetCareConsentStep({
  index,
  total,
  state,
  consentGiven,
  phoneConfirmed,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  /** The confirmed state: some states require a notice at consent (app settings). */
  state: string;
  consentGiven: boolean;
  phoneConfirmed: boolean;
  onBack: () => void;
  onContinue: (consentGiven: boolean, phoneConfirmed: boolean) => void;
}) {
  const t = useT();
  const settings = useBrandState().whiteLabel?.appSettings;
  const legalNotice = settings?.legalNotice;
  const stateNotice = settings?.consentNotice[state as keyof typeof settings.consentNotice];
  const family = useDependents({ staleTime: 0 });
  // Care is behind the consents screen: the current versions are accepted already, so they are
  // shown as accepted here, not asked a second time.
  const consents = useConsents();
  const alreadyAccepted = consents.data?.upToDate === true;
  const [checked, setConsent] = useState(consentGiven);
  const consent = checked || alreadyAccepted;
  const [phoneOk, setPhoneOk] = useState(phoneConfirmed);
  const [submitted, setSubmitted] = useState(false);

  // The video-visit link is texted to the account holder's phone (users[0]), also when the
  // visit is for a dependent.
  const phone = family.data?.[0]?.phone.trim() ?? '';

  return (
    <GetCareStepFrame
      index={index}
      total={total}
      title={t('careUi.consent.title')}
      onBack={onBack}
      continueDisabled={family.isPending || (family.isSuccess && phone === '')}
      onContinue={() => {
        setSubmitted(true);
        if (consent && phoneOk && phone !== '') onContinue(consent, phoneOk);
      }}
    >
      <Stack gap="xs">
        {alreadyAccepted ? (
          <Text size="sm" data-testid="care-consent-accepted">
            {t('careUi.consent.accepted')}
          </Text>
        ) : (
          <Checkbox
            label={t('careUi.consent.accept')}
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
            error={submitted && !consent ? t('careUi.consent.required') : undefined}
          />
        )}
        <Group gap="md" pl={{ base: 0, xs: 'xl' }} wrap="wrap">
          <LegalLink url={legalNotice?.consentToTreat} label={t('careUi.consent.readConsent')} />
          <LegalLink url={legalNotice?.terms} label={t('careUi.consent.readTerms')} />
        </Group>
        {stateNotice ? (
          <Alert color="blue" role="note" data-testid="care-state-notice">
            {stateNotice}
          </Alert>
        ) : null}
      </Stack>
      <GetCarePhoneCard
        family={family}
        phone={phone}
        phoneOk={phoneOk}
        setPhoneOk={setPhoneOk}
        submitted={submitted}
      />
    </GetCareStepFrame>
  );
}

/**
 * The phone the video-visit link is texted to (the account holder's): missing (edit the
 * profile), or shown with what it is used for and its confirmation.
 */
function GetCarePhoneCard({
  family,
  phone,
  phoneOk,
  setPhoneOk,
  submitted,
}: {
  family: ReturnType<typeof useDependents>;
  phone: string;
  phoneOk: boolean;
  setPhoneOk: (ok: boolean) => void;
  submitted: boolean;
}) {
  const t = useT();
  return (
    <Card withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600}>{t('careUi.phone.title')}</Text>
        {family.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : family.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, family.error)}
          </Alert>
        ) : phone === '' ? (
          <Alert color="yellow" role="alert">
            {t('careUi.phone.missing')}{' '}
            <Anchor component={Link} to={link('/profile')}>
              {t('careUi.phone.edit')}
            </Anchor>
          </Alert>
        ) : (
          <>
            <Text size="lg" fw={700} data-testid="care-phone">
              {formatPhone(phone)}
            </Text>
            <Text size="sm">{t('careUi.phone.usage')}</Text>
            <Checkbox
              label={t('careUi.phone.confirm')}
              checked={phoneOk}
              onChange={(event) => setPhoneOk(event.currentTarget.checked)}
              error={submitted && !phoneOk ? t('careUi.phone.required') : undefined}
            />
            <Anchor component={Link} to={link('/profile')} size="sm">
              {t('careUi.phone.edit')}
            </Anchor>
          </>
        )}
      </Stack>
    </Card>
  );
}
