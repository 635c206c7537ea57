import type { TestApp } from './harness';
import { jpegWithGps } from './image-fixtures';
/** An acute-care evaluation that passes (the 'acute' Rx product): for tests that need a visit. */
export const acuteAnswers = {
  conditions: ['none'],
  medications: 'none',
  allergies: 'none',
  weightLbs: '170',
  heightIn: '70',
  acuteProblem: 'A rash on my arm for four days',
  acuteDuration: 'days',
};

/** Uploads a photo ID (a JPEG with GPS data, which is stripped) for `personId`'s Rx visits. */
export async function uploadRxId(t: TestApp, token: string, personId: string) {
  const form = new FormData();
  form.append('patientID', personId);
  const photo = new Uint8Array(await jpegWithGps());
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return t.fastify.inject({
    method: 'POST',
    url: '/api/rx/id',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
