import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  decodableHeif,
  hasGps,
  hevcHeic,
  jpegWithGps,
  pdf,
  pngWithGps,
  svg,
} from '../../../test/image-fixtures';
import { AppError } from '../errors';
import { inspectUpload } from './upload-inspect';

const maxBytes = 1024 * 1024;

/** The AppError an inspection refuses with. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('inspectUpload', () => {
  it('re-encodes a JPEG upright and without EXIF: the GPS position is gone', async () => {
    const input = await jpegWithGps();
    expect(await hasGps(input)).toBe(true);
    const out = await inspectUpload(input, { purpose: 'id-document', maxBytes });
    expect(out).toMatchObject({ kind: 'jpeg', contentType: 'image/jpeg', extension: 'jpg' });
    expect(await hasGps(out.bytes)).toBe(false);
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('re-encodes a PNG without its eXIf chunk', async () => {
    const input = await pngWithGps();
    expect(await hasGps(input)).toBe(true);
    const out = await inspectUpload(input, { purpose: 'avatar', maxBytes });
    expect(out).toMatchObject({ kind: 'png', contentType: 'image/png', extension: 'png' });
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
  });

  it('keeps a PDF as it came where a document is accepted', async () => {
    const input = pdf();
    const out = await inspectUpload(input, { purpose: 'attachment', maxBytes });
    expect(out).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' });
    expect(out.bytes.equals(input)).toBe(true);
  });

  it('refuses a PDF where an image is required, whatever it is called', async () => {
    const error = await refusal(inspectUpload(pdf(), { purpose: 'avatar', maxBytes }));
    expect(error).toMatchObject({ status: 400, code: 'FILE_TYPE_NOT_ALLOWED' });
    expect(error.params).toEqual({ accepted: 'JPEG, PNG' });
  });

  it('refuses SVG, HTML, text and unknown bytes', async () => {
    for (const bytes of [
      svg,
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      Buffer.from('just some text'),
      Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04]),
    ]) {
      const error = await refusal(inspectUpload(bytes, { purpose: 'id-document', maxBytes }));
      expect(error).toMatchObject({ status: 400, code: 'FILE_TYPE_NOT_ALLOWED' });
    }
  });

  it('refuses an empty file and one over the limit', async () => {
    expect(
      await refusal(inspectUpload(Buffer.alloc(0), { purpose: 'attachment', maxBytes })),
    ).toMatchObject({ status: 400, code: 'FILE_EMPTY' });
    expect(
      await refusal(inspectUpload(Buffer.alloc(maxBytes + 1), { purpose: 'attachment', maxBytes })),
    ).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', params: { maxMb: '1' } });
  });

  it('refuses a damaged JPEG as unreadable', async () => {
    const jpeg = await jpegWithGps();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await refusal(inspectUpload(cut, { purpose: 'attachment', maxBytes }))).toMatchObject({
      status: 400,
      code: 'FILE_UNREADABLE',
    });
  });

  it('refuses an image over the pixel limit before decoding it', async () => {
    const big = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect(
      await refusal(inspectUpload(big, { purpose: 'attachment', maxBytes, maxPixels: 100_000 })),
    ).toMatchObject({ status: 400, code: 'FILE_IMAGE_TOO_LARGE' });
  });

  it('converts HEIF this sharp can decode to JPEG without metadata', async () => {
    const out = await inspectUpload(await decodableHeif(), { purpose: 'id-document', maxBytes });
    expect(out).toMatchObject({ kind: 'heic', contentType: 'image/jpeg', extension: 'jpg' });
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
  });

  it('refuses an HEVC HEIC photo (the prebuilt sharp cannot decode it) asking for JPEG', async () => {
    const error = await refusal(inspectUpload(await hevcHeic(), { purpose: 'avatar', maxBytes }));
    expect(error).toMatchObject({ status: 400, code: 'FILE_HEIC_UNSUPPORTED' });
  });
});
