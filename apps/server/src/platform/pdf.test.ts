import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../test/pdf-text';
import { fontRuns, printable, renderPdf } from './pdf';

/** Text no standard PDF font can draw: Vietnamese, then Chinese, in one run. */
const mixed = 'tiếng Việt; 中文';

describe('the parsed fonts shared by every document of the process', () => {
  it('keep the text of a glyph that an earlier document drew only inside another (· and … are built from the period)', async () => {
    // Noto Sans draws '·' and '…' from its period glyph. A document with one of them and no
    // period made the shared font remember the period as a glyph of no character, and every later
    // document's periods then read back as nothing (copy, search, screen readers): a CI run saw
    // "https://appapothecallcom".
    await renderPdf({ title: 'A', lang: 'en' }, (pdf) => {
      pdf.text('F · 305-555-0142 …', { bold: true });
      pdf.text('F · 305-555-0142 …');
    });
    const later = await renderPdf({ title: 'B', lang: 'en' }, (pdf) => {
      pdf.text('Visit app.apothecall.com.', { bold: true });
      pdf.text('Visit app.apothecall.com.');
    });
    expect(pdfText(later).split('\n')).toEqual([
      'Visit app.apothecall.com.',
      'Visit app.apothecall.com.',
    ]);
  });
});

describe('fontRuns: which characters the CJK fallback draws', () => {
  const latin = (code: number) => code < 0x3000;
  const cjk = (code: number) => code >= 0x3000;

  it('switches to the fallback for the characters the primary face lacks, and back', () => {
    expect(fontRuns(`${mixed} ok`, latin, cjk)).toEqual([
      { text: 'tiếng Việt; ', fallback: false },
      { text: '中文 ', fallback: true },
      { text: 'ok', fallback: false },
    ]);
  });

  it('keeps a combining mark with the letter before it', () => {
    expect(fontRuns('中\u0301a', latin, cjk)).toEqual([
      { text: '中\u0301', fallback: true },
      { text: 'a', fallback: false },
    ]);
  });

  it('leaves a character neither face has with the primary one (its missing-glyph box)', () => {
    expect(fontRuns('a한', latin, () => false)).toEqual([{ text: 'a한', fallback: false }]);
  });
});

describe('printable', () => {
  it('composes letters and marks, keeps line breaks and tabs, and drops control characters', () => {
    expect(printable('Vie\u0323\u0302t\r\nb\tc\u0007\u0000d')).toBe('Việt\nb\tcd');
  });
});

describe('renderPdf: the one place PDFs are made', () => {
  const render = () =>
    renderPdf({ title: `Nota — ${mixed}`, lang: 'es' }, (pdf) => {
      pdf.text(`Título ${mixed}`, { role: 'H1', bold: true, size: 18 });
      pdf.text([{ text: 'Paciente: ', bold: true }, { text: `Trần Thị Hoa ${mixed}` }], {
        size: 11,
      });
      pdf.decoration((doc) => doc.moveTo(72, 200).lineTo(300, 200).stroke());
      pdf.text(`primera línea ${mixed}\n\nsegunda línea`);
    });

  it('reads back what it printed: mixed Vietnamese and Chinese on one line, bold or not', async () => {
    const lines = pdfText(await render()).split('\n');
    expect(lines).toEqual([
      `Título ${mixed}`,
      `Paciente: Trần Thị Hoa ${mixed}`,
      `primera línea ${mixed}`,
      'segunda línea',
    ]);
  });

  it('embeds Noto Sans, bold, and the CJK fallback (regular and bold), and no standard font', async () => {
    const fonts = pdfFonts(await render());
    expect(fonts).toEqual(
      expect.arrayContaining([
        { name: 'NotoSans-Regular', embedded: 'FontFile2' },
        { name: 'NotoSans-Bold', embedded: 'FontFile2' },
        { name: 'NotoSansHans-Regular', embedded: 'FontFile3' },
        { name: 'NotoSansHans-Bold', embedded: 'FontFile3' },
      ]),
    );
    expect(fonts.filter((f) => f.embedded === null)).toEqual([]);
  });

  it('declares its title and language, shows the title, and is tagged', async () => {
    const pdf = await render();
    expect(pdfFacts(pdf)).toEqual(
      expect.objectContaining({
        title: `Nota — ${mixed}`,
        lang: 'es',
        tagged: true,
        displayDocTitle: true,
      }),
    );
    const raw = pdf.toString('latin1');
    for (const element of ['/S /Document', '/S /H1', '/S /P']) expect(raw).toContain(element);
  });

  it('carries a paragraph onto the next page, still read in order', async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `palabra${i}`);
    const pdf = await renderPdf({ title: 'Larga', lang: 'es' }, (pdf) => {
      pdf.text(`${words.join(' ')} ${mixed}`);
    });
    const text = pdfText(pdf).replace(/\s+/g, ' ').trim();
    expect(text).toBe(`${words.join(' ')} ${mixed}`);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(1);
  });

  it('tags a picture as a figure with its alternative text', async () => {
    // A 1x1 white PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAWk1v8QAAAABJRU5ErkJggg==',
      'base64',
    );
    const pdf = await renderPdf({ title: 'QR', lang: 'en' }, (pdf) => {
      pdf.image(png, { fit: [10, 10], alt: 'Verify at example.com' });
    });
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/S /Figure');
    expect(raw).toContain('/Alt (Verify at example.com)');
  });
});
