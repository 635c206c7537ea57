import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import {
  consentDocuments,
  consentPages,
  consentPdfLayout,
  wrapConsentText,
} from '@apothecall/domain/rx/consent-documents.rules';
import { renderPdf } from '../../platform/pdf';
import { dateTime, longDate } from '../../platform/pdf-text';

const pointsPerInch = 72;

/**
 * The consent record of an Rx visit as spec section 9 lays it out: letter size, 1 inch margins,
 * 80 characters a line, 38 lines a page, in a monospaced font (Noto Sans Mono) sized so 80
 * characters fill the line: the visit, the patient, and each consent document accepted (title,
 * version, the text agreed to, when, in the reader's time zone).
 */
export function renderConsentPdf(input: {
  brandName: string;
  lang: Lang;
  /** Where the reader is: the acceptance times are shown in it. */
  timeZone: string;
  visitId: string;
  productName: string;
  patient: { name: string; dob: string };
  consents: readonly { id: string; versionDate: string; acceptedAt: string }[];
}): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(input.lang, key, params);
  const layout = consentPdfLayout;
  const margin = layout.marginInches * pointsPerInch;
  const width = (layout.pageWidthInches - 2 * layout.marginInches) * pointsPerInch;
  const height = (layout.pageHeightInches - 2 * layout.marginInches) * pointsPerInch;
  // Noto Sans Mono's glyphs are 0.6 em wide: 80 of them fill the line.
  const fontSize = width / layout.charactersPerLine / 0.6;
  const lineHeight = height / layout.linesPerPage;

  const text: string[] = [
    input.brandName,
    t('rx.consent.title'),
    '',
    t('rx.consent.visit', { id: input.visitId, product: input.productName }),
    t('rx.consent.patient', {
      name: input.patient.name,
      dob: longDate(input.patient.dob, input.lang),
    }),
    '',
  ];
  if (input.consents.length === 0) text.push(t('rx.consent.none'));
  for (const consent of input.consents) {
    const doc = consentDocuments.find((d) => d.id === consent.id);
    text.push(
      t('rx.consent.document', {
        title: doc ? t(doc.titleKey) : consent.id,
        version: longDate(consent.versionDate, input.lang),
      }),
      '',
      // The text of the version accepted: the one the Rx flow showed above its checkbox.
      t(doc ? doc.bodyKey : 'rx.consent.body'),
      '',
      t('rx.consent.accepted', {
        date: dateTime(new Date(consent.acceptedAt), input.lang, input.timeZone),
      }),
      '',
    );
  }
  const pages = consentPages(wrapConsentText(text.join('\n')));

  return renderPdf(
    {
      title: `${input.brandName} — ${t('rx.consent.title')}`,
      lang: input.lang,
      margin,
      autoFirstPage: false,
    },
    (pdf) => {
      for (const lines of pages) {
        pdf.doc.addPage();
        lines.forEach((line, i) => {
          pdf.text(line, {
            mono: true,
            size: fontSize,
            at: { x: margin, y: margin + i * lineHeight },
            lineBreak: false,
          });
        });
      }
    },
  );
}
