import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useActiveVisitList } from '../api/get-active-visits';

/**
 * On Home after logging in (or on any device): a patient with a visit waiting or in progress
 * is offered the way back to the waiting room, whose place the server kept.
 */
export function ActiveVisitBanner() {
  const t = useT();
  const visits = useActiveVisitList();
  if (!visits.data || visits.data.length === 0) return null;
  return (
    <Alert color="blue" data-testid="active-visit-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t('careUi.activeVisit')}
        </Text>
        <Button component={Link} to={link('/waiting')} size="xs">
          {t('careUi.toWaitingRoom')}
        </Button>
      </Group>
    </Alert>
  );
}
