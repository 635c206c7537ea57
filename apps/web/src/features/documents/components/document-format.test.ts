import { beforeAll, describe, expect, it } from 'vitest';
import { isMessageKey, loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import {
  base64Bytes,
  documentBlob,
  documentName,
  formatDay,
  formatMonth,
  previewKind,
  shiftMonth,
  thisMonth,
  todayIso,
} from './document-format';
import { checkUpload, type UploadDraft } from './upload-form-check';

beforeAll(async () => {
  await loadLanguage('en');
  await loadLanguage('es');
  await loadScreenTexts();
});

describe('the months of the documents list', () => {
  it('steps a month back and forth across years', () => {
    expect(shiftMonth('2024-05', -1)).toBe('2024-04');
    expect(shiftMonth('2024-01', -1)).toBe('2023-12');
    expect(shiftMonth('2023-12', 1)).toBe('2024-01');
    expect(shiftMonth('2024-05', -17)).toBe('2022-12');
    expect(shiftMonth('2024-05', 0)).toBe('2024-05');
  });

  it("names a month in the reader's language", () => {
    expect(formatMonth('2024-05', 'en')).toBe('May 2024');
    expect(formatMonth('2024-05', 'es')).toBe('mayo de 2024');
  });

  it("dates a document in the reader's language, whatever the device's zone", () => {
    expect(formatDay('2024-05-01', 'en')).toBe('May 1, 2024');
    expect(formatDay('2024-05-01', 'es')).toMatch(/^1 may 2024$/);
  });

  it("knows this device's month and day", () => {
    const day = new Date(2024, 0, 9, 23, 30);
    expect(thisMonth(day)).toBe('2024-01');
    expect(todayIso(day)).toBe('2024-01-09');
  });
});

describe('a document', () => {
  const t = translator('en');

  it('is named by its description, else its kind', () => {
    expect(documentName(t, { fdesc: ' Lab results ', source: 'upload' })).toBe('Lab results');
    expect(documentName(t, { fdesc: '', source: 'certificate' })).toBe('Covid test certificate');
  });

  it('turns the base64 answer into its bytes, typed', async () => {
    const bytes = base64Bytes(Buffer.from('%PDF-1.7').toString('base64'));
    expect(new TextDecoder().decode(bytes)).toBe('%PDF-1.7');
    const blob = documentBlob({
      data: Buffer.from('hello').toString('base64'),
      contentType: 'image/png',
    });
    expect(blob.type).toBe('image/png');
    expect(await blob.text()).toBe('hello');
  });

  it('is shown as a PDF or an image, anything else only downloaded', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/jpeg')).toBe('image');
    expect(previewKind('IMAGE/PNG; charset=binary')).toBe('image');
    expect(previewKind('image/heic')).toBe('none');
    expect(previewKind('text/html')).toBe('none');
  });
});

describe('the upload form', () => {
  const patient = '0b6f1e0a-3c1d-4d6e-8f7a-1b2c3d4e5f60';
  const draft: UploadDraft = { patient, fdesc: ' Lab results ', fdate: '2024-05-01' };
  const file = new File(['%PDF-1.7'], 'labs.pdf', { type: 'application/pdf' });

  it('passes the fields the server reads (trimmed), with the file', () => {
    const check = checkUpload(draft, file, isMessageKey);
    expect(check).toEqual({
      ok: true,
      fields: { patient, fdesc: 'Lab results', fdate: '2024-05-01' },
      file,
    });
    const today = checkUpload({ ...draft, fdate: '' }, file, isMessageKey);
    expect(today.ok && today.fields.fdate).toBeUndefined();
  });

  it("names each problem with the schema's own message", () => {
    expect(checkUpload({ ...draft, fdesc: '  ' }, null, isMessageKey)).toEqual({
      ok: false,
      errors: { fdesc: 'documents.descriptionRequired', file: 'documentUi.upload.fileRequired' },
    });
    expect(checkUpload({ ...draft, fdesc: 'x'.repeat(501) }, file, isMessageKey)).toEqual({
      ok: false,
      errors: { fdesc: 'documents.descriptionTooLong' },
    });
    const wrong = checkUpload({ patient: '', fdesc: 'x', fdate: '2024-13-40' }, file, isMessageKey);
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && Object.keys(wrong.errors).sort()).toEqual(['fdate', 'patient']);
  });
});
