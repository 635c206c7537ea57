import { imageUploadLimit } from '@apothecall/domain/files/files.rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FilesTestApp,
  multipartBody,
  startFilesTestApp,
  storeKinds,
} from '../../../test/files-harness';
import { bearer, databaseKinds, login, registration } from '../../../test/harness';
import { hasGps, hevcHeic, jpegWithGps, pdf, svg } from '../../../test/image-fixtures';
import { accounts } from '../../db/schema/accounts';
import { files } from '../../db/schema/files';
import { auditLog } from '../../db/schema/platform';
import {
  imageJobsAtOnce,
  imageJobsWaiting,
  imageQueue,
  imageWorker,
} from '../../platform/files/upload-inspect';

/** Uploads are limited to 256 KiB in these tests. */
const maxBytes = 256 * 1024;

const combinations = databaseKinds.flatMap((db) => storeKinds.map((store) => ({ db, store })));

describe.each(combinations)('files on $db, stored $store', ({ db, store }) => {
  let t: FilesTestApp;
  let maria: string;
  let mariaId: string;
  let nora: string;

  beforeAll(async () => {
    t = await startFilesTestApp(db, store, { FILES_MAX_BYTES: String(maxBytes) });
    maria = await login(t.main);
    await t.main.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('nora.files@example.test'),
    });
    nora = await login(t.main, 'nora.files@example.test', 'Quinn-Pass-42');
    const [row] = await t.main.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.loginId, 'patient@apothecall.test'));
    mariaId = row!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (
    token: string,
    form: Parameters<typeof multipartBody>[0],
    lang: 'en' | 'es' = 'en',
  ) => {
    const body = await multipartBody(form);
    return t.files.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...bearer(token), ...body.headers, 'x-app-params': `lang=${lang}` },
      payload: body.payload,
    });
  };
  const download = (token: string, id: string) =>
    t.files.inject({ method: 'GET', url: `/api/files/${id}`, headers: bearer(token) });
  const auditOf = (fileId: string) =>
    t.main.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'fileId' = ${fileId}`)
      .orderBy(auditLog.id);
  const rowsOf = (accountId: string) =>
    t.main.database.db.select().from(files).where(eq(files.ownerAccountId, accountId));

  it('stores a photo re-encoded without its GPS position, encrypted, and gives it back as a download', async () => {
    const photo = await jpegWithGps();
    expect(await hasGps(photo)).toBe(true);
    const res = await upload(maria, {
      purpose: 'id-document',
      files: [{ name: '../../etc/María <ID> front.jpeg', bytes: photo, type: 'image/jpeg' }],
    });
    expect(res.statusCode).toBe(200);
    const { file } = res.json();
    expect(file).toMatchObject({
      purpose: 'id-document',
      contentType: 'image/jpeg',
      name: 'María _ID_ front.jpg',
    });

    const got = await download(maria, file.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': `attachment; filename="Mar_a _ID_ front.jpg"; filename*=UTF-8''Mar%C3%ADa%20_ID_%20front.jpg`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    const bytes = got.rawPayload;
    expect(bytes.length).toBe(file.size);
    expect(await hasGps(bytes)).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();

    // What storage holds is ciphertext: neither the upload nor what was served back.
    const stored = await t.storedObjects();
    expect(stored.length).toBeGreaterThan(0);
    for (const object of stored) {
      expect(object.subarray(0, 4).toString('latin1')).toBe('ACF1');
      expect(object.includes(bytes.subarray(0, 64))).toBe(false);
      expect(object.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    }
  });

  it('stores a PDF sent as .jpg as the PDF it is, where documents are accepted', async () => {
    const document = pdf('Lipid panel for Maria');
    const res = await upload(maria, {
      purpose: 'attachment',
      files: [{ name: 'lab.jpg', bytes: document, type: 'image/jpeg' }],
      purposeLast: true,
    });
    expect(res.statusCode).toBe(200);
    const { file } = res.json();
    expect(file).toMatchObject({ contentType: 'application/pdf', name: 'lab.pdf' });
    const got = await download(maria, file.id);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(document)).toBe(true);
    for (const object of await t.storedObjects()) {
      expect(object.includes(Buffer.from('%PDF'))).toBe(false);
      expect(object.includes(Buffer.from('Lipid panel'))).toBe(false);
    }
  });

  describe('refusals: the envelope in en and es, 400 or 413, nothing stored', () => {
    const cases = [
      {
        what: 'a PDF renamed .jpg where an image is required',
        form: async () => ({
          purpose: 'avatar',
          files: [{ name: 'me.jpg', bytes: pdf(), type: 'image/jpeg' }],
        }),
        status: 400,
        errorCode: 'FILE_TYPE_NOT_ALLOWED',
        en: 'This type of file is not accepted here. Please send one of: JPEG, PNG.',
        es: 'Este tipo de archivo no se acepta aquí. Envíe uno de estos: JPEG, PNG.',
      },
      {
        what: 'an SVG',
        form: async () => ({
          purpose: 'attachment',
          files: [{ name: 'drawing.svg', bytes: svg, type: 'image/svg+xml' }],
        }),
        status: 400,
        errorCode: 'FILE_TYPE_NOT_ALLOWED',
        en: 'This type of file is not accepted here. Please send one of: JPEG, PNG, PDF.',
        es: 'Este tipo de archivo no se acepta aquí. Envíe uno de estos: JPEG, PNG, PDF.',
      },
      {
        what: 'an empty file',
        form: async () => ({
          purpose: 'attachment',
          files: [{ name: 'empty.pdf', bytes: Buffer.alloc(0) }],
        }),
        status: 400,
        errorCode: 'FILE_EMPTY',
        en: 'The file is empty. Please choose it again.',
        es: 'El archivo está vacío. Vuelva a elegirlo.',
      },
      {
        what: 'a file over the limit',
        form: async () => ({
          purpose: 'attachment',
          files: [
            {
              name: 'huge.pdf',
              bytes: Buffer.concat([pdf(), Buffer.alloc(maxBytes, 0x20)]),
              type: 'application/pdf',
            },
          ],
        }),
        status: 413,
        errorCode: 'FILE_TOO_LARGE',
        en: 'The file is too large. Files can be up to 0.2 MB.',
        es: 'El archivo es demasiado grande. Los archivos pueden tener hasta 0.2 MB.',
      },
      {
        what: 'an HEIC photo this server cannot decode',
        form: async () => ({
          purpose: 'id-document',
          files: [{ name: 'IMG_0001.HEIC', bytes: await hevcHeic(), type: 'image/heic' }],
        }),
        status: 400,
        errorCode: 'FILE_HEIC_UNSUPPORTED',
        en: 'HEIC photos cannot be accepted yet. Please send the photo as JPEG (on iPhone: Settings > Camera > Formats > Most Compatible) or PNG.',
        es: 'Todavía no se aceptan fotos HEIC. Envíe la foto en JPEG (en iPhone: Ajustes > Cámara > Formatos > Más compatible) o PNG.',
      },
      {
        what: 'two files at once',
        form: async () => ({
          purpose: 'attachment',
          files: [
            { name: 'a.pdf', bytes: pdf() },
            { name: 'b.pdf', bytes: pdf() },
          ],
        }),
        status: 400,
        errorCode: 'FILE_TOO_MANY',
        en: 'Please send one file at a time.',
        es: 'Envíe un archivo a la vez.',
      },
      {
        what: 'no file',
        form: async () => ({ purpose: 'attachment' }),
        status: 400,
        errorCode: 'FILE_MISSING',
        en: 'Please attach one file.',
        es: 'Adjunte un archivo.',
      },
      {
        what: 'no purpose',
        form: async () => ({ files: [{ name: 'a.pdf', bytes: pdf() }] }),
        status: 400,
        errorCode: 'VALIDATION',
        en: 'Please check your information: Please say what the file is for (id-document, attachment or avatar).',
        es: 'Revise su información: Indique para qué es el archivo (id-document, attachment o avatar).',
      },
    ] as const;

    for (const c of cases) {
      it(`refuses ${c.what}`, async () => {
        const rowsBefore = (await rowsOf(mariaId)).length;
        const objectsBefore = (await t.storedObjects()).length;
        for (const lang of ['en', 'es'] as const) {
          const res = await upload(maria, await c.form(), lang);
          expect({ status: res.statusCode, body: res.json() }).toEqual({
            status: c.status,
            body: { error: true, errorMsg: c[lang], errorCode: c.errorCode },
          });
        }
        expect((await rowsOf(mariaId)).length).toBe(rowsBefore);
        expect((await t.storedObjects()).length).toBe(objectsBefore);
      });
    }

    it('refuses a body that is not multipart', async () => {
      const res = await t.files.inject({
        method: 'POST',
        url: '/api/files',
        headers: bearer(maria),
        payload: { purpose: 'attachment', file: 'JVBERi0xLjQ=' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: true,
        errorMsg: 'Please attach one file.',
        errorCode: 'FILE_MISSING',
      });
    });
  });

  it("answers not-found for another account's file, and audits the attempt", async () => {
    const res = await upload(maria, {
      purpose: 'attachment',
      files: [{ name: 'private.pdf', bytes: pdf('Private') }],
    });
    const { file } = res.json();
    for (const attempt of [
      download(nora, file.id),
      t.files.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: bearer(nora) }),
    ]) {
      const answer = await attempt;
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 404,
        body: { error: true, errorMsg: 'File not found.', errorCode: 'NOT_FOUND' },
      });
    }
    // The same answer as for an id that does not exist, or is not an id at all.
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      expect((await download(nora, id)).statusCode).toBe(404);
    }
    const denied = (await auditOf(file.id)).filter((row) => row.outcome === 'denied');
    // Both attempts ran at once (the array starts them together): each is audited, in any order.
    expect(denied.map((row) => row.action).sort()).toEqual(['file.delete', 'file.read']);
    expect(denied.every((row) => row.subjectAccountId === null)).toBe(true);
    // Still there for its owner.
    expect((await download(maria, file.id)).statusCode).toBe(200);
  });

  it('audits every read with who, whose, the file and the request', async () => {
    const res = await upload(maria, {
      purpose: 'attachment',
      files: [{ name: 'twice.pdf', bytes: pdf('Read twice') }],
    });
    const { file } = res.json();
    const first = await download(maria, file.id);
    const second = await download(maria, file.id);
    const rows = await auditOf(file.id);
    expect(rows.map((row) => [row.action, row.outcome])).toEqual([
      ['file.upload', 'success'],
      ['file.read', 'success'],
      ['file.read', 'success'],
    ]);
    const reads = rows.filter((row) => row.action === 'file.read');
    expect(reads.map((row) => row.requestId)).toEqual([
      first.headers['x-request-id'],
      second.headers['x-request-id'],
    ]);
    for (const row of reads) {
      expect(row).toMatchObject({
        actorAccountId: mariaId,
        subjectAccountId: mariaId,
        subjectPersonId: mariaId,
        detail: { fileId: file.id },
      });
      expect(row.ip).toBe('127.0.0.1');
    }
  });

  it('removes a file: its bytes leave storage, it reads as not found, and the removal is audited', async () => {
    const res = await upload(maria, {
      purpose: 'attachment',
      files: [{ name: 'old.pdf', bytes: pdf('Old') }],
    });
    const { file } = res.json();
    const objectsBefore = (await t.storedObjects()).length;
    const removed = await t.files.inject({
      method: 'DELETE',
      url: `/api/files/${file.id}`,
      headers: bearer(maria),
    });
    expect({ status: removed.statusCode, body: removed.json() }).toEqual({
      status: 200,
      body: { error: false },
    });
    expect((await t.storedObjects()).length).toBe(objectsBefore - 1);
    expect((await download(maria, file.id)).statusCode).toBe(404);
    const [row] = await t.main.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const actions = (await auditOf(file.id)).map((r) => `${r.action}:${r.outcome}`);
    expect(actions).toEqual(['file.upload:success', 'file.delete:success', 'file.read:denied']);
  });

  // Decoding, scaling and the image worker are the same whatever stores the bytes: these run
  // with the local store only (on each database), not again against the S3 double, which the
  // tests above exercise.
  if (store === 'local') {
    describe('large images', () => {
      /** One colour: small to send, yet as many pixels to decode as any photo of that size. */
      const flat = (width: number, height: number, format: 'jpeg' | 'png') =>
        sharp({ create: { width, height, channels: 3, background: '#c87828' } })
          .toFormat(format, { compressionLevel: 9 })
          .toBuffer();
      const lastUploadAudit = async () => {
        const [row] = await t.main.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.actorAccountId, mariaId), eq(auditLog.action, 'file.upload')))
          .orderBy(desc(auditLog.id))
          .limit(1);
        return row;
      };

      it('refuses an image over 40 megapixels, in either language, and keeps nothing', async () => {
        const rowsBefore = (await rowsOf(mariaId)).length;
        const objectsBefore = (await t.storedObjects()).length;
        // 48 megapixels, as a phone's "high resolution" mode takes.
        const photo = await flat(8000, 6000, 'png');
        expect(photo.length).toBeLessThan(maxBytes);
        const texts = {
          en: 'The image is too large (40 megapixels at most). Please send a smaller photo.',
          es: 'La imagen es demasiado grande (40 megapíxeles como máximo). Envíe una foto más pequeña.',
        };
        for (const lang of ['en', 'es'] as const) {
          const res = await upload(
            maria,
            {
              purpose: 'id-document',
              files: [{ name: 'id.png', bytes: photo, type: 'image/png' }],
            },
            lang,
          );
          expect({ status: res.statusCode, body: res.json() }).toEqual({
            status: 400,
            body: { error: true, errorMsg: texts[lang], errorCode: 'FILE_IMAGE_TOO_LARGE' },
          });
        }
        expect((await rowsOf(mariaId)).length).toBe(rowsBefore);
        expect((await t.storedObjects()).length).toBe(objectsBefore);
        expect(await lastUploadAudit()).toMatchObject({
          outcome: 'failure',
          detail: { purpose: 'id-document', reason: 'FILE_IMAGE_TOO_LARGE' },
        });
      });

      it('stores a large photo it accepts scaled down to fit 4096 pixels a side', async () => {
        const photo = await flat(6000, 4000, 'jpeg');
        const res = await upload(maria, {
          purpose: 'id-document',
          files: [{ name: 'id.jpg', bytes: photo, type: 'image/jpeg' }],
        });
        expect(res.statusCode).toBe(200);
        const got = await download(maria, res.json().file.id);
        expect(await sharp(got.rawPayload).metadata()).toMatchObject({
          format: 'jpeg',
          width: 4096,
          height: 2731,
        });
        const wide = await flat(5000, 1000, 'png');
        const png = await upload(maria, {
          purpose: 'attachment',
          files: [{ name: 'wide.png', bytes: wide, type: 'image/png' }],
        });
        expect(png.statusCode).toBe(200);
        const gotPng = await download(maria, png.json().file.id);
        expect(await sharp(gotPng.rawPayload).metadata()).toMatchObject({
          format: 'png',
          width: 4096,
          height: 819,
        });
      });

      it('processes one image at a time however many are uploaded at once, in the image worker', async () => {
        const photos = await Promise.all([1, 2, 3, 4].map(() => flat(3000, 2000, 'jpeg')));
        // Every sharp task of this process announces itself on sharp.queue: there must be none,
        // the decoding happens in the worker process. The jobs the worker holds are sampled
        // meanwhile: never two at once.
        let inProcess = 0;
        const watch = () => {
          inProcess += 1;
        };
        let most = 0;
        const sample = setInterval(() => {
          most = Math.max(most, imageWorker.inFlight);
        }, 1);
        sharp.queue.on('change', watch);
        try {
          const answers = await Promise.all(
            photos.map((bytes, i) =>
              upload(maria, {
                purpose: 'attachment',
                files: [{ name: `page-${i}.jpg`, bytes, type: 'image/jpeg' }],
              }),
            ),
          );
          expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
        } finally {
          sharp.queue.off('change', watch);
          clearInterval(sample);
        }
        expect(inProcess).toBe(0);
        expect(most).toBe(1);
        expect(imageWorker.pid).not.toBe(process.pid);
      });

      it('refuses an image as unreadable when the worker dies on it, and the next upload gets a new worker', async () => {
        const photo = await flat(1200, 800, 'jpeg');
        const one = {
          purpose: 'attachment' as const,
          files: [{ name: 'scan.jpg', bytes: photo, type: 'image/jpeg' }],
        };
        expect((await upload(maria, one)).statusCode).toBe(200);
        const pid = imageWorker.pid;
        const started = imageWorker.started;
        if (pid === undefined) throw new Error('no image worker');
        const rowsBefore = (await rowsOf(mariaId)).length;
        // Stopped, the worker holds the next job until it is killed.
        process.kill(pid, 'SIGSTOP');
        const pending = upload(maria, one);
        await vi.waitFor(() => expect(imageWorker.inFlight).toBe(1));
        process.kill(pid, 'SIGKILL');
        const res = await pending;
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: true,
          errorCode: 'FILE_UNREADABLE',
          errorMsg: 'The file could not be read. It may be damaged; please send it again.',
        });
        expect(await lastUploadAudit()).toMatchObject({
          outcome: 'failure',
          detail: { purpose: 'attachment', reason: 'FILE_UNREADABLE' },
        });
        expect((await rowsOf(mariaId)).length).toBe(rowsBefore);
        const next = await upload(maria, one);
        expect(next.statusCode).toBe(200);
        expect(imageWorker.started).toBe(started + 1);
        expect(imageWorker.pid).not.toBe(pid);
      });

      it('refuses images past 30 in 10 minutes per account with 429, audited once, PDFs still taken', async () => {
        await t.main.fastify.inject({
          method: 'POST',
          url: '/api/register',
          payload: registration('rita.files@example.test'),
        });
        const rita = await login(t.main, 'rita.files@example.test', 'Quinn-Pass-42');
        const [row] = await t.main.database.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.loginId, 'rita.files@example.test'));
        const tiny = await flat(16, 16, 'png');
        const image = {
          purpose: 'attachment' as const,
          files: [{ name: 'page.png', bytes: tiny, type: 'image/png' }],
        };
        for (let i = 0; i < imageUploadLimit.max; i += 1) {
          expect((await upload(rita, image)).statusCode).toBe(200);
        }
        const workersBefore = imageWorker.started;
        for (const lang of ['en', 'es', 'en'] as const) {
          const res = await upload(rita, image, lang);
          expect(res.statusCode).toBe(429);
          expect(res.json()).toEqual({
            error: true,
            errorCode: 'RATE_LIMITED',
            errorMsg: {
              en: 'Too many attempts. Please wait a moment and try again.',
              es: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
            }[lang],
          });
        }
        expect(imageWorker.started).toBe(workersBefore);
        const document = await upload(rita, {
          purpose: 'attachment',
          files: [{ name: 'letter.pdf', bytes: pdf(), type: 'application/pdf' }],
        });
        expect(document.statusCode).toBe(200);
        expect((await rowsOf(row!.id)).length).toBe(imageUploadLimit.max + 1);
        // Three refusals, one audit row: a flood does not become a flood of rows.
        const refusals = await t.main.database.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.actorAccountId, row!.id),
              eq(auditLog.action, 'file.upload'),
              eq(auditLog.outcome, 'failure'),
            ),
          );
        expect(refusals.map((r) => r.detail)).toEqual([
          { purpose: 'attachment', reason: 'RATE_LIMITED' },
        ]);
      });

      it('answers 503 with Retry-After when too many images wait, and keeps nothing', async () => {
        const rowsBefore = (await rowsOf(mariaId)).length;
        const objectsBefore = (await t.storedObjects()).length;
        let open = () => {};
        const gate = new Promise<void>((resolve) => {
          open = resolve;
        });
        // One job running and a full line waiting behind it.
        const held = Array.from({ length: imageJobsAtOnce + imageJobsWaiting }, () =>
          imageQueue.run(() => gate),
        );
        try {
          expect(imageQueue.waiting).toBe(imageJobsWaiting);
          const photo = await flat(200, 100, 'jpeg');
          for (const lang of ['en', 'es'] as const) {
            const res = await upload(
              maria,
              {
                purpose: 'attachment',
                files: [{ name: 'a.jpg', bytes: photo, type: 'image/jpeg' }],
              },
              lang,
            );
            expect(res.statusCode).toBe(503);
            expect(res.headers['retry-after']).toBe('30');
            expect(res.json()).toEqual({
              error: true,
              errorCode: 'FILES_BUSY',
              errorMsg: {
                en: 'Too many uploads are being processed right now. Please try again in a minute.',
                es: 'Se están procesando demasiados archivos en este momento. Vuelva a intentarlo en un minuto.',
              }[lang],
            });
          }
        } finally {
          open();
          await Promise.all(held);
        }
        expect((await rowsOf(mariaId)).length).toBe(rowsBefore);
        expect((await t.storedObjects()).length).toBe(objectsBefore);
        expect(await lastUploadAudit()).toMatchObject({
          outcome: 'failure',
          detail: { purpose: 'attachment', reason: 'FILES_BUSY' },
        });
      });
    });
  }

  it('needs a session', async () => {
    const body = await multipartBody({
      purpose: 'attachment',
      files: [{ name: 'a.pdf', bytes: pdf() }],
    });
    const res = await t.files.inject({
      method: 'POST',
      url: '/api/files',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
    const got = await t.files.inject({ method: 'GET', url: `/api/files/${crypto.randomUUID()}` });
    expect(got.statusCode).toBe(401);
  });

  it('logs neither the key, nor file names, nor contents', async () => {
    await upload(maria, {
      purpose: 'id-document',
      files: [{ name: 'Zebulon Quartermain passport.pdf', bytes: pdf('Passport Zebulon') }],
    });
    await upload(maria, {
      purpose: 'avatar',
      files: [{ name: 'Zebulon Quartermain.pdf', bytes: pdf('Refused Zebulon') }],
    });
    const logs = t.logs.join('\n');
    expect(logs).toContain('/api/files');
    for (const secret of [...t.keyTexts, 'Quartermain', 'Zebulon']) {
      expect(logs).not.toContain(secret);
    }
    const rows = await t.main.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorAccountId, mariaId), sql`${auditLog.action} like 'file.%'`));
    expect(JSON.stringify(rows)).not.toContain('Quartermain');
  });
});
