import type { PharmacyRxRow } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useLang, useT } from '../../../lib/i18n';
import { shortVisitId } from './pharmacy-dashboard';
import { formatDay, stateName, treatmentName } from './pharmacy-format';
import { PharmacyRxChips } from './pharmacy-rx-detail';

/** One visit of the dashboard: its checkbox for the bulk move, the patient, chips and Open. */
export function VisitRow({
  row,
  onOpen,
  selected,
  onSelect,
}: {
  row: PharmacyRxRow;
  onOpen: () => void;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const t = useT();
  const lang = useLang();
  const short = shortVisitId(row.id);
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="pharmacy-rx-row"
      data-visit-id={row.id}
      data-status={row.pharmacyStatus}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Checkbox
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          aria-label={t('pharmacyScreens.bulk.selectOne', { id: short, name: row.patientName })}
          data-testid="pharmacy-rx-select"
        />
        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text fw={700}>{row.patientName}</Text>
          <Text size="sm" c="dimmed">
            {t('pharmacyScreens.row.visit', { id: short })} ·{' '}
            {t('pharmacyScreens.row.dob', { dob: formatDay(row.patientDob, lang) })} ·{' '}
            {stateName(t, row.state)}
          </Text>
          <Text size="sm">
            {treatmentName(t, row.productId)} ·{' '}
            {t('pharmacyScreens.row.prescribed', { date: formatDay(row.prescribedAt, lang) })}
          </Text>
        </Stack>
        <PharmacyRxChips visit={row} />
        <Button
          variant="light"
          onClick={onOpen}
          data-testid="pharmacy-rx-open"
          data-open-visit={row.id}
          aria-label={t('pharmacyScreens.row.openLabel', { id: short, name: row.patientName })}
        >
          {t('pharmacyScreens.row.open')}
        </Button>
      </Group>
    </Card>
  );
}
