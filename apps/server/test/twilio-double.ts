import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback double of Twilio's Messages API: the real path, Basic auth, form body and JSON
 * answers. `+15005550001` is refused the way Twilio refuses an invalid number (21211).
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
      if (form.get('To') === '+15005550001') {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            code: 21211,
            message: "The 'To' number is not a valid phone number.",
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
          to: form.get('To'),
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
