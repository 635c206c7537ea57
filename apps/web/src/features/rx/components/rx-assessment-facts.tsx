import type { VisitAssessment } from '@apothecall/domain/assessments/assessment.api';
import {
  hasDipstick,
  onsetDaysForms,
  rapidTests,
} from '@apothecall/domain/assessments/assessment.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { Text } from '@mantine/core';
import { Facts } from '../../../components/facts';
import { countText, useT } from '../../../lib/i18n';

/**
 * The pharmacy's in-store assessment a visit continues, for its prescriber: who
 * assessed, the form, the symptoms and onset, the history, the in-store tests and comments.
 */
export function RxAssessmentFacts({ assessment }: { assessment: VisitAssessment }) {
  const t = useT();
  const { intake } = assessment;
  const yesNo = (value: boolean) => t(value ? 'assessment.yes' : 'assessment.no');
  const list = (keys: readonly string[]) =>
    keys.length > 0 ? keys.map((k) => t(k as MessageKey)).join(', ') : t('assessment.none');
  const history = [
    [t('assessment.history.pregnancy'), yesNo(intake.history.pregnantOrBreastfeeding)],
    [t('assessment.history.recentAntibiotics'), yesNo(intake.history.recentAntibiotics)],
    [t('assessment.history.recurrentInfections'), yesNo(intake.history.recurrentInfections)],
  ]
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  return (
    <>
      <Text size="sm" fw={600} data-testid="rx-review-attribution">
        {t('assessment.attribution', { pharmacy: assessment.pharmacy.name })}
      </Text>
      <Facts
        rows={[
          {
            key: 'form',
            label: t('assessmentUi.form'),
            value: t(`assessment.form.${intake.form}`),
          },
          {
            key: 'symptoms',
            label: t('assessmentUi.section.symptoms'),
            value: `${list(intake.symptoms.map((s) => `assessment.symptom.${s}`))}\n${countText(t, intake.onsetDays, onsetDaysForms)}`,
          },
          { key: 'history', label: t('assessmentUi.section.history'), value: history },
          {
            key: 'conditions',
            label: t('assessment.history.conditions'),
            value: list(intake.history.conditions.map((c) => `assessment.condition.${c}`)),
          },
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
    </>
  );
}
