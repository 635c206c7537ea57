import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { type StoredSession, useSession } from '../../../lib/session-store';
import { useActiveVisitList } from '../api/get-active-visits';
import { GetCareWizardStep } from '../components/get-care-wizard-step';
import { useGetCareWizard } from '../hooks/use-get-care-wizard';

/** The wizard: its title, a note when a visit is already active, and the step it is at. */
function GetCareWizard({ session }: { session: StoredSession }) {
  const t = useT();
  const wizard = useGetCareWizard(session);
  const active = useActiveVisitList();
  const { step, failures } = wizard;

  const waiting = active.data ?? [];
  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="care">
      <Title order={1} size="h2">
        {t('careUi.title')}
      </Title>
      {step === 'patient' && !failures ? <Text c="dimmed">{t('careUi.subtitle')}</Text> : null}
      {waiting.length > 0 ? (
        <Alert color="blue" role="status" data-testid="care-active-visit">
          {t('careUi.activeVisit')}{' '}
          <Anchor component={Link} to={link('/waiting')}>
            {t('careUi.toWaitingRoom')}
          </Anchor>
        </Alert>
      ) : null}
      <GetCareWizardStep wizard={wizard} />
    </Stack>
  );
}

/**
 * Get Care (spec section 2): who the visit is for, why, where they are, the pre-visit
 * screening, consent and phone, the pharmacy, then the price and payment — 'Start visit' puts
 * the visit in the queue and opens the waiting room.
 */
export function GetCareScreen() {
  const session = useSession();
  // The route is protected: without a session the route table shows the login screen.
  return session ? <GetCareWizard session={session} /> : null;
}
