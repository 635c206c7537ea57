import type { AssessmentIntake } from '@apothecall/domain/assessments/assessment.api';
import {
  hasDipstick,
  onsetDaysForms,
  rapidTests,
} from '@apothecall/domain/assessments/assessment.rules';
import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import { type Lang, pluralForm } from '@apothecall/domain/i18n/i18n.rules';
import { renderPdf } from '../../platform/pdf';
import { longDate } from '../../platform/pdf-text';

/**
 * The intake of an in-store assessment as the PDF filed for the patient: the
 * pharmacy, the day, the patient, the form, then symptoms, history, in-store tests and
 * comments, in the reader's language (platform/pdf.ts: embedded Unicode fonts, tagged).
 */
export function renderAssessmentPdf(input: {
  brandName: string;
  lang: Lang;
  pharmacyName: string;
  assessedOn: string;
  intake: AssessmentIntake;
}): Promise<Buffer> {
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    translate(input.lang, key, params);
  const { intake } = input;
  const yesNo = (value: boolean) => t(value ? 'assessment.yes' : 'assessment.no');
  const list = (items: readonly string[]) =>
    items.length > 0 ? items.join(', ') : t('assessment.none');
  const lines: { text: string; heading?: boolean }[] = [
    { text: input.brandName },
    { text: t('assessment.pdf.title'), heading: true },
    { text: t('assessment.pdf.pharmacy', { pharmacy: input.pharmacyName }) },
    { text: t('assessment.pdf.date', { date: longDate(input.assessedOn, input.lang) }) },
    {
      text: t('assessment.pdf.patient', {
        name: `${intake.patient.firstName} ${intake.patient.lastName}`,
        dob: longDate(intake.patient.dob, input.lang),
      }),
    },
    { text: t('assessment.pdf.state', { state: intake.patient.state }) },
    { text: t('assessment.pdf.form', { form: t(`assessment.form.${intake.form}`) }) },
    { text: t('assessment.pdf.symptoms'), heading: true },
    {
      text: list(intake.symptoms.map((s) => t(`assessment.symptom.${s}` as MessageKey))),
    },
    {
      text: t(pluralForm(input.lang, intake.onsetDays, onsetDaysForms), {
        count: intake.onsetDays,
      }),
    },
    { text: t('assessment.pdf.history'), heading: true },
    {
      text: `${t('assessment.history.pregnancy')}: ${yesNo(intake.history.pregnantOrBreastfeeding)}`,
    },
    {
      text: `${t('assessment.history.allergies')}: ${intake.history.allergies || t('assessment.none')}`,
    },
    {
      text: `${t('assessment.history.medications')}: ${intake.history.medications || t('assessment.none')}`,
    },
    {
      text: `${t('assessment.history.recentAntibiotics')}: ${yesNo(intake.history.recentAntibiotics)}`,
    },
    {
      text: `${t('assessment.history.recurrentInfections')}: ${yesNo(intake.history.recurrentInfections)}`,
    },
    {
      text: `${t('assessment.history.conditions')}: ${list(
        intake.history.conditions.map((c) => t(`assessment.condition.${c}` as MessageKey)),
      )}`,
    },
    { text: t('assessment.pdf.tests'), heading: true },
    ...rapidTests.map((test) => ({
      text: `${t(`assessment.test.${test}`)}: ${t(`assessment.result.${intake.tests[test]}`)}`,
    })),
    ...(hasDipstick(intake.form)
      ? [
          {
            text: `${t('assessment.test.urineDipstick')}: ${t(
              `assessment.dipstick.${intake.tests.urineDipstick}`,
            )}`,
          },
        ]
      : []),
    { text: t('assessment.pdf.comments'), heading: true },
    { text: intake.comments || t('assessment.none') },
  ];

  return renderPdf(
    { title: `${input.brandName} — ${t('assessment.pdf.title')}`, lang: input.lang },
    (pdf) => {
      for (const line of lines) {
        if (line.heading) {
          pdf.doc.moveDown(0.6);
          pdf.text(line.text, { role: 'H2', bold: true, size: 13 });
        } else pdf.text(line.text, { size: 11 });
      }
    },
  );
}
