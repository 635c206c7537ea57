import type { RxReview } from '@apothecall/domain/rx/rx-visits.api';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import { Group, Stack, Text } from '@mantine/core';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { ClinicRxReviewSection } from './clinic-rx-review-section';
import { RxAlarmBadges } from './rx-facts';
import { answerInWords, formatDate, productName, textOf } from './rx-format';
import { RxReviewFile } from './rx-review-file';
import { RxStatusBadge } from './rx-status-badge';

/** The pharmacy link's medication list and comment, when the visit came through one. */
export function ClinicRxLinkSection({ link }: { link: NonNullable<RxReview['link']> }) {
  const t = useT();
  return (
    <ClinicRxReviewSection
      id="rx-link"
      title={t('rxScreens.change.linkTitle')}
      testId="rx-review-link"
    >
      <Facts
        rows={[
          { key: 'medList', label: t('rxScreens.change.medList'), value: link.medListId || '—' },
          { key: 'comment', label: t('rxScreens.change.comment'), value: link.comment || '—' },
        ]}
      />
    </ClinicRxReviewSection>
  );
}

/** Where the prescription goes, read before prescribing. */
export function ClinicRxPharmacySection({ pharmacy }: { pharmacy: RxReview['pharmacy'] }) {
  const t = useT();
  return (
    <ClinicRxReviewSection
      id="rx-pharmacy"
      title={t('rxScreens.reviewPharmacy.title')}
      testId="rx-review-pharmacy"
    >
      {pharmacy ? (
        <Facts
          rows={[
            { key: 'name', label: t('rxScreens.reviewPharmacy.name'), value: pharmacy.name },
            {
              key: 'address',
              label: t('rxScreens.reviewPharmacy.address'),
              value: pharmacy.address || '—',
            },
            {
              key: 'phone',
              label: t('rxScreens.reviewPharmacy.phone'),
              value: pharmacy.phone ? formatPhone(pharmacy.phone) : '—',
            },
          ]}
        />
      ) : (
        <Text size="sm">{t('rxScreens.reviewPharmacy.none')}</Text>
      )}
    </ClinicRxReviewSection>
  );
}

/** The patient: name, birth date and age, gender, phone and BMI. */
export function ClinicRxPatientSection({
  patient,
  bmi,
}: {
  patient: RxReview['patient'];
  bmi: RxReview['bmi'];
}) {
  const t = useT();
  return (
    <ClinicRxReviewSection id="rx-patient" title={t('rxClinic.review.patient')}>
      <Text fw={600}>{patient.name}</Text>
      <Text size="sm">
        {t('rxScreens.clinic.dob', { dob: patient.dob, age: patient.age })} ·{' '}
        {t('rxScreens.clinic.gender', { gender: patient.gender })}
        {patient.phone
          ? ` · ${t('rxScreens.clinic.phone', { phone: formatPhone(patient.phone) })}`
          : ''}
        {bmi !== null ? ` · ${t('rxScreens.clinic.bmi', { bmi: bmi.toFixed(1) })}` : ''}
      </Text>
    </ClinicRxReviewSection>
  );
}

/** The alarms the answers raised, the answers in words, and the ID and attachments. */
export function ClinicRxAnswersSections({ review }: { review: RxReview }) {
  const t = useT();
  const { visit, answers, alarms } = review;
  return (
    <>
      <ClinicRxReviewSection id="rx-alarms" title={t('rxClinic.review.alarms')}>
        {alarms.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rxScreens.clinic.noAlarms')}
          </Text>
        ) : (
          <RxAlarmBadges alarms={alarms} t={t} />
        )}
      </ClinicRxReviewSection>

      <ClinicRxReviewSection id="rx-answers" title={t('rxClinic.review.answers')}>
        <Facts
          rows={answers.map((a) => ({
            key: a.id,
            label: textOf(t, a.phrase),
            value: answerInWords(t, visit.productId, a) || t('rxScreens.clinic.answerEmpty'),
          }))}
        />
      </ClinicRxReviewSection>

      <ClinicRxReviewSection id="rx-files" title={t('rxClinic.review.files')}>
        {visit.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rxScreens.clinic.noFiles')}
          </Text>
        ) : (
          <Stack gap="xs">
            {visit.files.map((file) => (
              <RxReviewFile key={file.id} visitId={visit.id} file={file} />
            ))}
          </Stack>
        )}
      </ClinicRxReviewSection>
    </>
  );
}

/** The patient's earlier visits: the product, the day and the status. */
export function ClinicRxHistorySection({ history }: { history: RxReview['history'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <ClinicRxReviewSection id="rx-history" title={t('rxClinic.review.history')}>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rxClinic.review.noHistory')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {history.map((h) => (
            <li key={h.id}>
              <Group gap="xs">
                <Text size="sm">
                  {productName(t, h.productId)} · {formatDate(h.createdAt, lang)}
                </Text>
                <RxStatusBadge status={h.status} />
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </ClinicRxReviewSection>
  );
}
