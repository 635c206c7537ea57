import type { PharmacyRxDetail } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import { Card, Stack, Text } from '@mantine/core';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { formatDay, pharmacyStatusLabel } from './pharmacy-format';
import { PharmacySection } from './pharmacy-section';

/** The patient: name, birth date, gender and phone. */
export function PharmacyRxPatientSection({ patient }: { patient: PharmacyRxDetail['patient'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <PharmacySection title={t('pharmacyScreens.detail.patient')} testId="pharmacy-rx-patient">
      <Facts
        labelWidth={180}
        rows={[
          { key: 'name', label: t('pharmacyScreens.patient.name'), value: patient.name },
          {
            key: 'dob',
            label: t('pharmacyScreens.patient.dob'),
            value: formatDay(patient.dob, lang),
          },
          {
            key: 'gender',
            label: t('pharmacyScreens.patient.gender'),
            value: patient.gender || '—',
          },
          {
            key: 'phone',
            label: t('pharmacyScreens.patient.phone'),
            value: patient.phone ? formatPhone(patient.phone) : '—',
          },
        ]}
      />
    </PharmacySection>
  );
}

/** The prescriptions written for the visit, one card each. */
export function PharmacyRxPrescriptionsSection({
  prescriptions,
}: {
  prescriptions: PharmacyRxDetail['prescriptions'];
}) {
  const t = useT();
  const lang = useLang();
  return (
    <PharmacySection
      title={t('pharmacyScreens.detail.prescriptions')}
      testId="pharmacy-rx-prescriptions"
    >
      {prescriptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pharmacyScreens.detail.noPrescriptions')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {prescriptions.map((p) => (
            <Card key={p.id} component="li" withBorder radius="sm" p="sm">
              <Facts
                labelWidth={180}
                rows={[
                  { key: 'm', label: t('pharmacyScreens.rx.medication'), value: p.medication },
                  { key: 's', label: t('pharmacyScreens.rx.strength'), value: p.strength },
                  { key: 'q', label: t('pharmacyScreens.rx.quantity'), value: p.quantity },
                  { key: 'r', label: t('pharmacyScreens.rx.refills'), value: p.refills },
                  { key: 'd', label: t('pharmacyScreens.rx.directions'), value: p.directions },
                  {
                    key: 'w',
                    label: t('pharmacyScreens.rx.written'),
                    value: formatDateTime(p.writtenAt, lang),
                  },
                ]}
              />
            </Card>
          ))}
        </Stack>
      )}
    </PharmacySection>
  );
}

/** The link the patient came through: its medication list and comment. */
export function PharmacyRxLinkSection({ link }: { link: NonNullable<PharmacyRxDetail['link']> }) {
  const t = useT();
  return (
    <PharmacySection title={t('pharmacyScreens.detail.link')} testId="pharmacy-rx-link">
      <Facts
        labelWidth={180}
        rows={[
          {
            key: 'medList',
            label: t('pharmacyScreens.links.medList'),
            value: link.medListId || '—',
          },
          {
            key: 'comment',
            label: t('pharmacyScreens.links.comment'),
            value: link.comment || '—',
          },
        ]}
      />
    </PharmacySection>
  );
}

/** The status history: each move, by whom, when, and its note. */
export function PharmacyRxHistorySection({ history }: { history: PharmacyRxDetail['history'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <PharmacySection title={t('pharmacyScreens.detail.history')} testId="pharmacy-rx-history">
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pharmacyScreens.detail.noHistory')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {history.map((h) => (
            <Stack component="li" key={`${h.at}|${h.status}|${h.by}|${h.note}`} gap={2}>
              <Text size="sm" fw={600}>
                {pharmacyStatusLabel(t, h.status)} ·{' '}
                {h.by === 'pharmacy'
                  ? t('pharmacyScreens.history.byPharmacy')
                  : t('pharmacyScreens.history.byPrescriber')}{' '}
                · {formatDateTime(h.at, lang)}
              </Text>
              {h.note ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {h.note}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      )}
    </PharmacySection>
  );
}
