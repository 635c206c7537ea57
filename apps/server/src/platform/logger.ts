import type { FastifyLoggerOptions } from 'fastify';

/**
 * pino options: request ids, no query strings in logged URLs (they may carry codes), and
 * redaction of every header or body field that can hold a secret or PHI. Bodies are never
 * logged by the server; the redaction list is the second line of defence for code that logs
 * an object it should not.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-app-params"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.ccNumber',
  '*.cvv',
  '*.dob',
  '*.firstName',
  '*.lastName',
  '*.name',
  '*.email',
  '*.phone',
  '*.address',
  '*.loginId',
  'body',
];

export function loggerOptions(
  level: string,
): FastifyLoggerOptions & { redact: { paths: string[]; censor: string } } {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: request.url.split('?')[0] };
      },
    },
  };
}
