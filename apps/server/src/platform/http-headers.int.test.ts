import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedRxVisit } from '../../test/claimed-rx-visit';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  ok,
  type Patient,
  send,
  startTestApp,
  type TestApp,
} from '../../test/harness';
import { freePort } from '../../test/ports';
import { privateFileRoutes } from './private-file';

type Answer = Awaited<ReturnType<TestApp['fastify']['inject']>>;

/**
 * A PDF as file-type reads it, whose body is also an HTML page with a script: what a browser
 * sniffing the bytes, or opening them in the app's origin, would run.
 */
const htmlPdf = Buffer.from(
  '%PDF-1.4\n<html><body><script>fetch("/api/account/profile")</script></body></html>\n%%EOF\n',
);

/** A multipart body: the text fields, then one file. */
async function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    'content-type': request.headers.get('content-type') ?? '',
  };
}

/**
 * The headers of every answer, through the whole app, one app per
 * database: Permissions-Policy on every answer; `Cache-Control: no-store` on every API answer
 * and every error, while what is the same for everyone keeps its own caching; and every download
 * route of the API — the app's own list of them, so a new one fails here until it is fetched —
 * answering a real file with nosniff, the sandbox CSP, its exact Content-Length, no-store and an
 * attachment Content-Disposition.
 */
describe.each(databaseKinds)('response headers on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let transport: nodemailer.Transporter;
  let pharmacist: string;
  let provider: string;
  let visitId: string;
  let patient: Patient;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-headers-'));
    const smtpPort = await freePort();
    t = await startTestApp(kind, {
      DATA_DIR: dataDir,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
    });
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    pharmacist = await login(t, 'pharmacist@apothecall.test');
    provider = await login(t, demo.provider);
    ({ visitId, patient } = await claimedRxVisit(t, pharmacist));
  }, 60_000);
  afterAll(async () => {
    transport?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const permissions = (answer: Answer) => String(answer.headers['permissions-policy']);

  it('sends Permissions-Policy and no-store on API answers, errors included', async () => {
    const maria = await login(t);
    const answers: [string, Answer, number][] = [
      ['profile', await get(t, '/api/account/profile', maria), 200],
      ['profile logged out', await t.fastify.inject({ url: '/api/account/profile' }), 401],
      ['unknown route', await get(t, '/api/no-such-call', maria), 404],
      ['undecodable path', await t.fastify.inject({ url: '/api/files/%ZZ' }), 400],
      [
        'invalid body',
        await t.fastify.inject({ method: 'POST', url: '/api/account/token', payload: {} }),
        400,
      ],
      ['health', await t.fastify.inject({ url: '/api/health' }), 200],
      ['brand', await t.fastify.inject({ url: '/api/whiteLabel/auto' }), 200],
    ];
    for (const [what, answer, status] of answers) {
      expect({ what, status: answer.statusCode, cache: answer.headers['cache-control'] }).toEqual({
        what,
        status,
        cache: 'no-store',
      });
      expect(permissions(answer)).toContain('camera=(self), microphone=(self)');
    }
    const policy = permissions(answers[0]![1]).split(', ');
    for (const off of ['geolocation=()', 'payment=()', 'usb=()', 'fullscreen=()']) {
      expect(policy).toContain(off);
    }
    // Nothing is allowed to another origin.
    expect(policy.every((p) => /=\((self)?\)$/.test(p))).toBe(true);
  });

  it('leaves its own caching to what is the same for everyone: the brand manifest', async () => {
    const manifest = await t.fastify.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(permissions(manifest)).toContain('camera=(self)');
  });

  it('sends every download route a private file, with nosniff, the sandbox, its length and no-store', async () => {
    // An uploaded file (an HTML page that is also a PDF), on the patient's own record.
    const upload = await multipart({ purpose: 'attachment' }, { name: 'page.pdf', bytes: htmlPdf });
    const fileId = (
      await ok(
        'upload',
        await t.fastify.inject({
          method: 'POST',
          url: '/api/files',
          headers: { ...bearer(patient.token), 'content-type': upload['content-type'] },
          payload: upload.payload,
        }),
      )
    ).json().file.id as string;

    // The same sent with a message to the prescriber.
    const message = await multipart({ text: 'My page' }, { name: 'page.pdf', bytes: htmlPdf });
    const sent = await ok(
      'message',
      await t.fastify.inject({
        method: 'POST',
        url: `/api/rx/visits/${visitId}/messages/attachment`,
        headers: { ...bearer(patient.token), 'content-type': message['content-type'] },
        payload: message.payload,
      }),
    );
    const [withFile] = (
      sent.json().messages as { id: string; attachments: { fileId: string }[] }[]
    ).filter((m) => m.attachments.length > 0);

    // The visit's ID photo, as the prescriber reviews it.
    const review = (await ok('review', await get(t, `/api/clinic/rx/${visitId}`, provider))).json()
      .review as { visit: { files: { id: string }[] } };
    const photoId = review.visit.files[0]?.id ?? '';

    // A form the pharmacy asked for, signed.
    const form = (
      await ok(
        'form request',
        await send(t, 'POST', `/api/pharmacy/rx/${visitId}/forms`, pharmacist, {
          formId: 'hipaaNotice',
        }),
      )
    ).json().form.id as string;
    await ok(
      'sign',
      await send(t, 'POST', `/api/rx/visits/${visitId}/forms/${form}/sign`, patient.token, {
        fullName: patient.name,
        agreed: true,
      }),
    );

    // The visit's payment, as a receipt.
    const transactions = (
      await ok('transactions', await send(t, 'POST', '/api/transactionsGET', patient.token))
    ).json().transactions as { id: string }[];

    // A demo visit note of the demo patient.
    const maria = await login(t);
    const mariaId = (await get(t, '/api/account/profile', maria)).json().profile.personId;
    const notes = (
      await ok('notes', await send(t, 'POST', '/api/notes', maria, { uid: mariaId }))
    ).json().notes as { id: string }[];

    // An e-mail attachment to the pharmacy's inbox, over SMTP.
    await transport.sendMail({
      from: 'someone@example.test',
      to: 'sunrise-pharmacy@inbox.apothecall.test',
      subject: 'A page',
      text: 'Attached',
      attachments: [{ filename: 'page.pdf', content: htmlPdf, contentType: 'application/pdf' }],
    });
    const threads = (await ok('inbox', await get(t, '/api/pharmacy/inbox', pharmacist))).json()
      .threads as { threadId: string }[];
    const thread = (
      await ok(
        'thread',
        await get(t, `/api/pharmacy/inbox/threads/${threads[0]?.threadId}`, pharmacist),
      )
    ).json().thread as { emails: { attachments: { id: string }[] }[] };
    const attachmentId = thread.emails[0]?.attachments[0]?.id ?? '';

    const downloads: Record<string, () => Promise<Answer>> = {
      'GET /api/files/:id': () => get(t, `/api/files/${fileId}`, patient.token),
      'POST /api/get-messageAttachment': () =>
        send(t, 'POST', '/api/get-messageAttachment', provider, {
          msgId: withFile?.id,
          fileId: withFile?.attachments[0]?.fileId,
        }),
      'GET /api/clinic/rx/:id/files/:fileId': () =>
        get(t, `/api/clinic/rx/${visitId}/files/${photoId}`, provider),
      'GET /api/rx/visits/:id/prescription.pdf': () =>
        get(t, `/api/rx/visits/${visitId}/prescription.pdf`, patient.token),
      'GET /api/clinic/rx/:id/prescription.pdf': () =>
        get(t, `/api/clinic/rx/${visitId}/prescription.pdf`, provider),
      'GET /api/pharmacy/rx/:id/prescription.pdf': () =>
        get(t, `/api/pharmacy/rx/${visitId}/prescription.pdf`, pharmacist),
      'GET /api/rx/visits/:id/consents.pdf': () =>
        get(t, `/api/rx/visits/${visitId}/consents.pdf`, patient.token),
      'GET /api/clinic/rx/:id/consents.pdf': () =>
        get(t, `/api/clinic/rx/${visitId}/consents.pdf`, provider),
      'GET /api/pharmacy/rx/:id/forms/:formRequestId/signed.pdf': () =>
        get(t, `/api/pharmacy/rx/${visitId}/forms/${form}/signed.pdf`, pharmacist),
      'GET /api/rx/visits/:id/forms/:formRequestId/signed.pdf': () =>
        get(t, `/api/rx/visits/${visitId}/forms/${form}/signed.pdf`, patient.token),
      'GET /api/transactions/:id/receipt.pdf': () =>
        get(t, `/api/transactions/${transactions[0]?.id}/receipt.pdf`, patient.token),
      'GET /api/notes/:id/pdf': () => get(t, `/api/notes/${notes[0]?.id}/pdf`, maria),
      'GET /api/pharmacy/inbox/attachments/:id': () =>
        get(t, `/api/pharmacy/inbox/attachments/${attachmentId}`, pharmacist),
      'POST /api/account/record-archive': () =>
        send(t, 'POST', '/api/account/record-archive', patient.token),
      'POST /api/admin/disclosures/csv': async () =>
        send(t, 'POST', '/api/admin/disclosures/csv', await login(t, 'support@apothecall.test'), {
          accountId: patient.accountId,
        }),
    };
    // Every route the app declares a download is fetched here, and nothing else.
    expect(Object.keys(downloads).sort()).toEqual([...privateFileRoutes(t.fastify)].sort());

    for (const [route, fetch] of Object.entries(downloads)) {
      const answer = await fetch();
      expect({
        route,
        status: answer.statusCode,
        body: answer.statusCode === 200 ? '' : answer.body,
      }).toEqual({ route, status: 200, body: '' });
      expect({
        route,
        type: answer.headers['content-type'],
        length: answer.headers['content-length'],
        nosniff: answer.headers['x-content-type-options'],
        csp: answer.headers['content-security-policy'],
        cache: answer.headers['cache-control'],
      }).toEqual({
        route,
        type: expect.stringMatching(
          /^(application\/(pdf|zip)|image\/(jpeg|png)|text\/csv; charset=utf-8)$/,
        ),
        length: String(answer.rawPayload.length),
        nosniff: 'nosniff',
        csp: "default-src 'none'; sandbox",
        cache: 'no-store',
      });
      expect({ route, disposition: answer.headers['content-disposition'] }).toEqual({
        route,
        disposition: expect.stringMatching(
          /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/,
        ),
      });
      expect(permissions(answer)).toContain('camera=(self)');
      expect(answer.rawPayload.length).toBeGreaterThan(0);
    }
  });
});
