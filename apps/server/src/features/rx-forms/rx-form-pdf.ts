import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { RxFormVersion } from '@apothecall/domain/rx/rx-forms.rules';
import { renderTextPdf } from '../../platform/pdf';
import { dateTime, longDate } from '../../platform/pdf-text';

/**
 * A signed form as a PDF: the form's title and text in the version and language the
 * patient signed, the pharmacy, the visit, the patient (and the designee), and the signature:
 * the typed name, when, and what the signer confirmed. Written when opened, from the stored
 * request and the domain catalogue, so it always prints what was signed: in the language it was
 * signed in (its title, its text and its dates), with the times in the reader's time zone.
 */
export function renderSignedFormPdf(input: {
  brandName: string;
  /** The language the signer read the form in. */
  lang: Lang;
  /** Where the reader is (the signature's time is shown in it). */
  timeZone: string;
  form: RxFormVersion;
  pharmacy: { name: string; ncpdpId: string };
  visitId: string;
  patient: { name: string; dob: string };
  /** True when the account holder signed for a family member. */
  onBehalf: boolean;
  designeeName: string | null;
  requestedAt: Date;
  signedAt: Date;
  signedName: string;
}): Promise<Buffer> {
  const { lang } = input;
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(lang, key, params);
  const when = (at: Date) => dateTime(at, lang, input.timeZone);
  const body = t(input.form.bodyKey, {
    pharmacy: input.pharmacy.name,
    patient: input.patient.name,
    designee: input.designeeName ?? '',
  });
  const lines = [
    t('rxForms.pdf.pharmacy', { name: input.pharmacy.name, ncpdp: input.pharmacy.ncpdpId }),
    t('rxForms.pdf.visit', { id: input.visitId }),
    t('rxForms.pdf.patient', {
      name: input.patient.name,
      dob: longDate(input.patient.dob, lang),
    }),
    ...(input.designeeName ? [t('rxForms.pdf.designee', { name: input.designeeName })] : []),
    t('rxForms.pdf.version', { date: longDate(input.form.version, lang) }),
    t('rxForms.pdf.requested', { date: when(input.requestedAt) }),
    '',
    body,
    '',
    t('rxForms.pdf.signedBy', { name: input.signedName, date: when(input.signedAt) }),
    t('rxForms.pdf.agreed'),
    ...(input.onBehalf ? [t('rxForms.pdf.onBehalf', { patient: input.patient.name })] : []),
  ];
  return renderTextPdf({
    title: `${input.brandName} — ${translate(lang, input.form.titleKey)}`,
    lang,
    lines,
  });
}
