import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Twilio's rule for a phone number in `To` and `From`: E.164, '+' and up to 15 digits. */
const e164 = /^\+[1-9]\d{1,14}$/;

/**
 * A loopback double of Twilio's Messages API: the real path, Basic auth, form body and JSON
 * answers. Like Twilio, it refuses a `To` that is not E.164 (`305-555-0142`) with 400 and code
 * 21211, and a `From` that is not with 400 and code 21212; `+15005550001` (Twilio's magic test
 * number for an invalid number) is refused with 21211 too.
 */
export function twilioDouble() {
  const received: { auth: string | undefined; form: URLSearchParams; path: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push({ auth: req.headers.authorization, form, path: req.url ?? '' });
      res.setHeader('content-type', 'application/json');
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const refusal =
        !e164.test(to) || to === '+15005550001'
          ? { code: 21211, message: `The 'To' number ${to} is not a valid phone number.` }
          : !e164.test(from)
            ? {
                code: 21212,
                message: `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`,
              }
            : undefined;
      if (refusal) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            ...refusal,
            more_info: `https://www.twilio.com/docs/errors/${refusal.code}`,
            status: 400,
          }),
        );
        return;
      }
      res.statusCode = 201;
      res.end(
        JSON.stringify({
          sid: `SM${'a'.repeat(32)}`,
          status: 'queued',
          to,
          body: form.get('Body'),
        }),
      );
    });
  });
  return {
    server,
    received,
    /** Listens on a free loopback port; resolves with the API base URL. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
