import type { VisitAssessment } from '@apothecall/domain/assessments/assessment.api';
import {
  hasDipstick,
  onsetDaysForms,
  rapidTests,
} from '@apothecall/domain/assessments/assessment.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { Text } from '@mantine/core';
import { Facts } from '../../../components/facts';
import { countText, useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { PharmacySection } from './pharmacy-section';

/**
 * The in-store assessment an Rx visit continues: the attribution ('In-store
 * assessment by <pharmacy>') and the intake the pharmacy filled in: form, symptoms and onset,
 * history, in-store test results and comments.
 */
export function PharmacyRxAssessmentSection({ assessment }: { assessment: VisitAssessment }) {
  const t = useT();
  const lang = useLang();
  const { intake } = assessment;
  const yesNo = (value: boolean) => t(value ? 'assessment.yes' : 'assessment.no');
  const list = (keys: readonly string[]) =>
    keys.length > 0 ? keys.map((k) => t(k as MessageKey)).join(', ') : t('assessment.none');
  return (
    <PharmacySection title={t('assessmentUi.visitTitle')} testId="pharmacy-rx-assessment">
      <Text size="sm" fw={600} data-testid="pharmacy-rx-attribution">
        {t('assessment.attribution', { pharmacy: assessment.pharmacy.name })}
      </Text>
      <Text size="sm" c="dimmed">
        {formatDateTime(assessment.assessedAt, lang)}
      </Text>
      <Facts
        labelWidth={220}
        rows={[
          {
            key: 'form',
            label: t('assessmentUi.form'),
            value: t(`assessment.form.${intake.form}`),
          },
          {
            key: 'symptoms',
            label: t('assessmentUi.section.symptoms'),
            value: list(intake.symptoms.map((s) => `assessment.symptom.${s}`)),
          },
          {
            key: 'onset',
            label: t('assessmentUi.onsetDays'),
            value: countText(t, intake.onsetDays, onsetDaysForms),
          },
          ...historyRows(t, intake.history, yesNo, list),
          ...rapidTests.map((test) => ({
            key: test,
            label: t(`assessment.test.${test}`),
            value: t(`assessment.result.${intake.tests[test]}`),
          })),
          ...(hasDipstick(intake.form)
            ? [
                {
                  key: 'dipstick',
                  label: t('assessment.test.urineDipstick'),
                  value: t(`assessment.dipstick.${intake.tests.urineDipstick}`),
                },
              ]
            : []),
          {
            key: 'comments',
            label: t('assessmentUi.section.comments'),
            value: intake.comments || t('assessment.none'),
          },
        ]}
      />
    </PharmacySection>
  );
}

/** The intake's history as fact rows: pregnancy, allergies, medications, antibiotics, conditions. */
function historyRows(
  t: ReturnType<typeof useT>,
  history: VisitAssessment['intake']['history'],
  yesNo: (value: boolean) => string,
  list: (keys: readonly string[]) => string,
) {
  return [
    {
      key: 'pregnancy',
      label: t('assessment.history.pregnancy'),
      value: yesNo(history.pregnantOrBreastfeeding),
    },
    {
      key: 'allergies',
      label: t('assessment.history.allergies'),
      value: history.allergies || t('assessment.none'),
    },
    {
      key: 'medications',
      label: t('assessment.history.medications'),
      value: history.medications || t('assessment.none'),
    },
    {
      key: 'antibiotics',
      label: t('assessment.history.recentAntibiotics'),
      value: yesNo(history.recentAntibiotics),
    },
    {
      key: 'recurrent',
      label: t('assessment.history.recurrentInfections'),
      value: yesNo(history.recurrentInfections),
    },
    {
      key: 'conditions',
      label: t('assessment.history.conditions'),
      value: list(history.conditions.map((c) => `assessment.condition.${c}`)),
    },
  ];
}
