import type { CareUiMessageKey } from '@apothecall/domain/care/care-screens.messages';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import type { EndedVisit } from '../hooks/use-active-visits';
import { reasonLabel } from './get-care-format';

const endedText: Record<EndedVisit['state'], CareUiMessageKey> = {
  completed: 'careUi.ended.completed',
  refunded: 'careUi.ended.refunded',
  noShow: 'careUi.ended.noShow',
  cancelled: 'careUi.ended.cancelled',
  unknown: 'careUi.ended.unknown',
  // Active states never reach the ended list; listed for the type.
  waiting: 'careUi.ended.unknown',
  inProgress: 'careUi.ended.unknown',
};

/** The closing message of a visit that ended (completed, refunded, no-show or cancelled). */
export function WaitingEndedCard({
  visit,
  patientName,
}: {
  visit: EndedVisit;
  patientName: string | null;
}) {
  const t = useT();
  const provider = 'providerName' in visit ? visit.providerName : null;
  const reason = 'reason' in visit ? reasonLabel(t, visit.reason) : null;
  return (
    <Alert
      color={visit.state === 'completed' ? 'green' : 'gray'}
      role="status"
      title={t('careUi.ended.title')}
      data-testid="visit-ended"
      data-state={visit.state}
      component="li"
    >
      <Stack gap={4}>
        {patientName ? (
          <Text size="sm" fw={600}>
            {reason ? `${patientName} · ${reason}` : patientName}
          </Text>
        ) : null}
        <Text size="sm">
          {visit.state === 'completed' && provider
            ? t('careUi.ended.completedWith', { provider })
            : t(endedText[visit.state])}
        </Text>
        <Anchor component={Link} to={link('/notes')} size="sm">
          {t('careUi.ended.notes')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
