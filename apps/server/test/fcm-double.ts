import { createPublicKey, type KeyObject, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback double of Firebase Cloud Messaging's HTTP v1 API and Google's OAuth2 token
 * endpoint, with their real paths, bodies and error shapes.
 *
 * - POST /token: the JWT bearer grant (RFC 7523). The RS256 assertion must verify with the
 *   public key the test gives, name the firebase.messaging scope, have aud = this token URL,
 *   iss = the client e-mail (when given) and live at most an hour; else 400 invalid_grant as
 *   Google answers. Answers {access_token, expires_in, token_type: 'Bearer'}.
 * - POST /v1/projects/{project}/messages:send: needs a bearer this double issued (401
 *   UNAUTHENTICATED otherwise) and the configured project (403 PERMISSION_DENIED). A token
 *   marked with `unregister` answers 404 UNREGISTERED, one marked with `invalidate` 400
 *   INVALID_ARGUMENT about message.token; `failNext` answers 429/5xx. Otherwise it records the
 *   message and answers {name: 'projects/{project}/messages/{n}'}.
 */
export interface FcmDoubleOptions {
  /** The service account's public key (PEM or KeyObject) the assertion must verify with. */
  publicKey: KeyObject | string;
  clientEmail?: string;
  projectId?: string;
}

export interface FcmReceived {
  project: string;
  /** The access token the request carried. */
  accessToken: string;
  message: {
    token?: string;
    notification?: { title?: string; body?: string };
    data?: Record<string, string>;
    android?: { priority?: string; ttl?: string };
    [field: string]: unknown;
  };
}

export interface FcmDouble {
  /** The API origin (FCM_API_URL). */
  readonly apiUrl: string;
  /** The token endpoint (FCM_TOKEN_URL). */
  readonly tokenUrl: string;
  /** Messages accepted (and those refused for the device token), in order. */
  readonly messages: FcmReceived[];
  /** Access tokens issued so far. */
  readonly tokenRequests: number;
  /** Lifetime of the access tokens issued next, in seconds (default 3599, as Google). */
  expiresIn: number;
  /** The app was uninstalled: this device token answers 404 UNREGISTERED. */
  unregister(token: string): void;
  /** This device token is malformed: 400 INVALID_ARGUMENT naming message.token. */
  invalidate(token: string): void;
  /** The next `count` sends answer this status (429 or 5xx) before any other check. */
  failNext(status: number, count?: number): void;
  /** Every access token issued so far stops working (401). */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

const fcmErrorType = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';

export async function fcmDouble(options: FcmDoubleOptions): Promise<FcmDouble> {
  const publicKey =
    typeof options.publicKey === 'string' ? createPublicKey(options.publicKey) : options.publicKey;
  const accessTokens = new Set<string>();
  const unregistered = new Set<string>();
  const invalid = new Set<string>();
  const messages: FcmReceived[] = [];
  const failures: number[] = [];
  let tokenRequests = 0;
  let sent = 0;
  let origin = '';

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  }

  function fcmError(
    res: ServerResponse,
    status: number,
    grpc: string,
    message: string,
    details: unknown[] = [],
  ) {
    json(res, status, { error: { code: status, message, status: grpc, details } });
  }

  function token(res: ServerResponse, req: IncomingMessage, raw: string) {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return json(res, 400, { error: 'invalid_request', error_description: 'Bad Request' });
    }
    const form = new URLSearchParams(raw);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return json(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Invalid grant_type: ',
      });
    }
    const invalidGrant = (why: string) =>
      json(res, 400, { error: 'invalid_grant', error_description: why });
    const [head, body, signature] = (form.get('assertion') ?? '').split('.');
    if (!head || !body || !signature) return invalidGrant('Invalid JWT.');
    let header: { alg?: unknown };
    let claims: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return invalidGrant('Invalid JWT.');
    }
    const signed = Buffer.from(`${head}.${body}`);
    if (
      header.alg !== 'RS256' ||
      !verify('sha256', signed, publicKey, Buffer.from(signature, 'base64url'))
    ) {
      return invalidGrant('Invalid JWT Signature.');
    }
    const now = Math.floor(Date.now() / 1000);
    const { iat, exp } = claims;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp <= now ||
      iat > now + 300 ||
      exp - iat > 3600
    ) {
      return invalidGrant(
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    }
    if (claims.aud !== `${origin}/token`)
      return invalidGrant('Invalid JWT: Failed audience check.');
    if (options.clientEmail && claims.iss !== options.clientEmail) {
      return invalidGrant('Invalid grant: account not found');
    }
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes('https://www.googleapis.com/auth/firebase.messaging')) {
      return json(res, 400, { error: 'invalid_scope', error_description: 'Invalid OAuth scope.' });
    }
    tokenRequests += 1;
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.add(accessToken);
    json(res, 200, {
      access_token: accessToken,
      expires_in: double.expiresIn,
      token_type: 'Bearer',
    });
  }

  function send(res: ServerResponse, req: IncomingMessage, project: string, raw: string) {
    const failure = failures.shift();
    if (failure !== undefined) {
      const grpc = failure === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE';
      const fcmCode = failure === 429 ? 'QUOTA_EXCEEDED' : 'UNAVAILABLE';
      return fcmError(res, failure, grpc, 'The service is currently unavailable.', [
        { '@type': fcmErrorType, errorCode: fcmCode },
      ]);
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      return fcmError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    }
    if (options.projectId && project !== options.projectId) {
      return fcmError(res, 403, 'PERMISSION_DENIED', 'Permission denied on this project.');
    }
    let message: FcmReceived['message'] | undefined;
    try {
      message = (JSON.parse(raw) as { message?: FcmReceived['message'] }).message;
    } catch {
      // reported below
    }
    const badRequest = (field: string, description: string) =>
      fcmError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
        { '@type': fcmErrorType, errorCode: 'INVALID_ARGUMENT' },
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field, description }],
        },
      ]);
    if (!message || typeof message !== 'object') return badRequest('message', 'Required');
    if (typeof message.token !== 'string' || message.token.length === 0) {
      return badRequest('message.token', 'Required');
    }
    if (message.data && Object.values(message.data).some((v) => typeof v !== 'string')) {
      return badRequest('message.data', 'Data values must be strings');
    }
    messages.push({ project, accessToken: bearer, message });
    if (invalid.has(message.token)) {
      return fcmError(
        res,
        400,
        'INVALID_ARGUMENT',
        'The registration token is not a valid FCM registration token',
        [
          { '@type': fcmErrorType, errorCode: 'INVALID_ARGUMENT' },
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [
              { field: 'message.token', description: 'Invalid registration token' },
            ],
          },
        ],
      );
    }
    if (unregistered.has(message.token)) {
      return fcmError(res, 404, 'NOT_FOUND', 'Requested entity was not found.', [
        { '@type': fcmErrorType, errorCode: 'UNREGISTERED' },
      ]);
    }
    sent += 1;
    json(res, 200, { name: `projects/${project}/messages/${sent}` });
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
      if (req.method === 'POST' && path === '/token') return token(res, req, raw);
      if (req.method === 'POST' && sendPath?.[1]) {
        return send(res, req, decodeURIComponent(sendPath[1]), raw);
      }
      fcmError(res, 404, 'NOT_FOUND', 'Not Found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const double: FcmDouble = {
    apiUrl: origin,
    tokenUrl: `${origin}/token`,
    messages,
    get tokenRequests() {
      return tokenRequests;
    },
    expiresIn: 3599,
    unregister: (t) => {
      unregistered.add(t);
    },
    invalidate: (t) => {
      invalid.add(t);
    },
    failNext: (status, count = 1) => {
      for (let i = 0; i < count; i += 1) failures.push(status);
    },
    revokeAccessTokens: () => accessTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}
