import { existsSync } from 'node:fs';
import path from 'node:path';
import { careEvents } from '@apothecall/domain/care/visits.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createAccountsRepo } from './features/accounts/accounts.repo';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { createAccountsService } from './features/accounts/accounts.service';
import { createConsultService } from './features/accounts/consult.service';
import { createFamilyService } from './features/accounts/family.service';
import { createPasswordsService } from './features/accounts/passwords.service';
import { createRegistrationService } from './features/accounts/registration.service';
import { createBrandsRepo } from './features/brands/brands.repo';
import { brandsRoutes, hostOf } from './features/brands/brands.routes';
import { createBrandsService } from './features/brands/brands.service';
import { createCareRepo, type VisitRecord } from './features/care/care.repo';
import { careRoutes } from './features/care/care.routes';
import { createCareService } from './features/care/care.service';
import { careSocketHandlers } from './features/care/care.socket';
import { createClinicService } from './features/care/clinic.service';
import { createVisitRecordsRepo } from './features/care/visit-records.repo';
import { createVisitRoomService } from './features/care/visit-room.service';
import { createNotesRepo } from './features/notes/notes.repo';
import { notesRoutes } from './features/notes/notes.routes';
import { createNotesService } from './features/notes/notes.service';
import { createCardsService } from './features/payments/cards.service';
import { createChargesService } from './features/payments/charges.service';
import { createPaymentsRepo } from './features/payments/payments.repo';
import { paymentsRoutes } from './features/payments/payments.routes';
import { createPricingService } from './features/payments/pricing.service';
import { outboxRoutes, systemRoutes } from './features/system/system.routes';
import { createAuditRepo } from './platform/audit.repo';
import { createAuditService } from './platform/audit.service';
import { httpConventions, loggableError } from './platform/http';
import { loggerOptions } from './platform/logger';
import { createMailer } from './platform/mail.service';
import { createOutboxRepo } from './platform/outbox.repo';
import { createPasswordHasher, type PasswordHasher } from './platform/passwords';
import { createAuthorizeNetGateway } from './platform/payments/authorize-net';
import type { PaymentGateway } from './platform/payments/gateway';
import { createSandboxGateway } from './platform/payments/sandbox-gateway';
import { createSandboxStore } from './platform/payments/sandbox-gateway.repo';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './platform/rate-limit';
import { attachRealtime, type Realtime } from './platform/realtime';
import { createSessionsRepo } from './platform/sessions/sessions.repo';
import { createSessionsService } from './platform/sessions/sessions.service';
import { createSmsSender, type SmsProvider, twilioProvider } from './platform/sms.service';

export const apiVersion = '0.1.0';

export interface AppDeps {
  config: Config;
  database: Database;
  hasher?: PasswordHasher;
  /** Where log lines go (tests pass a stream to read them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** The clock (tests move it to prove time rules); default the system clock. */
  now?: () => Date;
  /** SMS provider override (tests); default from configuration. */
  smsProvider?: SmsProvider;
  /** Payment gateway override (tests); default from configuration. */
  gateway?: PaymentGateway;
}

export interface App {
  fastify: FastifyInstance;
  realtime: Realtime;
  /** Settles ledger entries a crash left pending (main.ts runs it at start-up). */
  reconcilePayments(): Promise<{ succeeded: number; failed: number }>;
}

/** Builds the whole server without listening; main.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: deps.logStream ? { ...logger, stream: deps.logStream } : logger,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(incoming)
        ? incoming
        : crypto.randomUUID();
    },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database.db;
  const sessions = createSessionsService({
    repo: createSessionsRepo(db),
    policy: config.session,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const audit = createAuditService(createAuditRepo(db));
  const hasher = deps.hasher ?? createPasswordHasher();
  const clock = deps.now ? { now: deps.now } : {};
  const outbox = createOutboxRepo(db);
  const warn = (what: string) => (error: unknown) =>
    app.log.warn({ error: loggableError(error) }, what);
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outbox,
    onError: warn('mail not sent'),
  });
  const smsProvider =
    deps.smsProvider ?? (config.sms.provider === 'twilio' ? twilioProvider(config.sms) : undefined);
  const sms = createSmsSender({
    provider: smsProvider,
    from: config.sms.from,
    outbox,
    onError: warn('sms not sent'),
  });
  let limiterRedis: Redis | undefined;
  let limiter: RateLimiter;
  if (config.redisUrl) {
    limiterRedis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    limiterRedis.on('error', warn('redis rate limiter error'));
    limiter = redisRateLimiter(limiterRedis);
  } else {
    limiter = memoryRateLimiter();
  }
  const brands = createBrandsService({ repo: createBrandsRepo(db) });
  const gateway = deps.gateway ?? createGateway(config, db);
  const paymentsRepo = createPaymentsRepo(db);
  const pricing = createPricingService({
    repo: paymentsRepo,
    feeCents: config.payments.feeCents,
    ...clock,
  });
  const charges = createChargesService({
    repo: paymentsRepo,
    gateway,
    pricing,
    audit,
    abandonedAfterMs: config.payments.reconcileAfterMs,
    ...clock,
    ...(config.faultInjection === 'crash-after-gateway'
      ? { crashAfterGateway: () => process.kill(process.pid, 'SIGKILL') }
      : {}),
  });
  const careRepo = createCareRepo(db);
  const visitRecords = createVisitRecordsRepo(db);
  // Real-time pushes go through the socket server, attached further down.
  let pushTo: ((accountId: string, event: string, payload: unknown) => void) | undefined;
  let evictMeetSockets: ((visitId: string) => void) | undefined;
  const notifyPatient = async (visit: VisitRecord) => {
    if (visit.state !== 'waiting' && visit.state !== 'inProgress') evictMeetSockets?.(visit.id);
    pushTo?.(visit.accountId, careEvents.visitUpdate, await care.view(visit));
  };
  const notifyQueue = async (state: string) => {
    for (const providerId of await careRepo.providersLicensedIn(state)) {
      pushTo?.(providerId, careEvents.queueChanged, { state });
    }
    for (const visit of await careRepo.waitingIn([state])) await notifyPatient(visit);
  };
  const care = createCareService({
    repo: careRepo,
    payments: {
      charge: (accountId, input, origin) => charges.charge(accountId, input, origin),
      refund: (accountId, chargeId, key, origin) =>
        charges.refund(accountId, chargeId, key, origin),
    },
    audit,
    careSettings: (brandId) => brands.careSettings(brandId),
    pharmacyById: async (id) => {
      const found = await visitRecords.pharmacy(id);
      if (!found) return undefined;
      const { acceptsErx: _erx, searchText: _search, ...entry } = found;
      return entry;
    },
    notifyQueue,
    notifyPatient,
    ...clock,
  });
  const room = createVisitRoomService({
    repo: careRepo,
    records: visitRecords,
    audit,
    sendSms: (to, body) => sms.send(to, body),
    brandName: async (brandId) => (await brands.byId(brandId)).name,
    publicUrl: config.publicUrl,
    ...clock,
  });
  const clinic = createClinicService({
    repo: careRepo,
    records: visitRecords,
    payments: {
      refund: (accountId, chargeId, key, origin) =>
        charges.refund(accountId, chargeId, key, origin),
    },
    onClaimed: (visit) => room.sendMeetLink(visit),
    onError: warn('meet link not sent'),
    audit,
    notifyQueue,
    notifyPatient,
    ...clock,
  });
  const cards = createCardsService({
    repo: paymentsRepo,
    gateway,
    audit,
    loginIdOf: async (accountId) =>
      (await accountsRepoForPayments.findById(accountId))?.loginId ?? '',
    ...clock,
  });
  const accountsRepo = createAccountsRepo(db);
  const accountsRepoForPayments = accountsRepo;
  const accounts = createAccountsService({
    repo: accountsRepo,
    hasher,
    sessions,
    audit,
    limiter,
    loginLimit: config.loginLimit,
    mailer,
    sms,
    ...clock,
  });
  const family = createFamilyService({
    repo: accountsRepo,
    hasher,
    sessions,
    audit,
    minDependentAge: config.ages.minDependent,
    minRegistrationAge: config.ages.minRegistration,
    ...clock,
  });
  const accountRoutesBrand = async (request: FastifyRequest) => {
    const brand = request.brandId
      ? await brands.byId(request.brandId)
      : await brands.resolve({ host: hostOf(request) });
    return { id: brand.whiteLabel.id, name: brand.name };
  };
  const accountRoutes = accountsRoutes({
    accounts,
    registration: createRegistrationService({
      repo: accountsRepo,
      hasher,
      audit,
      mailer,
      minRegistrationAge: config.ages.minRegistration,
      ...clock,
    }),
    passwords: createPasswordsService({
      repo: accountsRepo,
      hasher,
      sessions,
      audit,
      mailer,
      sms,
      publicUrl: config.publicUrl,
      limiter,
      ...clock,
    }),
    family,
    consult: createConsultService({
      repo: accountsRepo,
      family,
      audit,
      careSettings: (brandId) => brands.careSettings(brandId),
      providersOnDuty: (state) => careRepo.onDutyCount(state),
      ...clock,
    }),
    brandOf: (request) => accountRoutesBrand(request),
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes component styles at run time; scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would block the brand assets partners host elsewhere.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(httpConventions, { sessions });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Apothecall API',
        version: apiVersion,
        description:
          'JSON API. Send `Authorization: Bearer <token>`, `X-Time-Zone` and `X-App-Params: lang=en|es&brand=<key>`. Errors answer `{ error: true, errorMsg, errorCode }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(
        systemRoutes({ ping: database.ping, kind: database.kind, version: apiVersion }),
      );
      await api.register(accountRoutes);
      await api.register(
        brandsRoutes({
          service: brands,
          client: {
            ...config.client,
            minRegistrationAge: config.ages.minRegistration,
            minDependentAge: config.ages.minDependent,
          },
          webVersion: apiVersion,
        }),
      );
      await api.register(
        paymentsRoutes({
          cards,
          charges,
          pricing,
          brandName: async (request) => (await accountRoutesBrand(request)).name,
        }),
      );
      await api.register(
        careRoutes({ care, clinic, room, pharmacies: careRepo, brandOf: accountRoutesBrand }),
      );
      await api.register(
        notesRoutes({
          notes: createNotesService({ repo: createNotesRepo(db), audit }),
          brandName: async (request) => (await accountRoutesBrand(request)).name,
          ...clock,
        }),
      );
      if (config.exposeOutbox) await api.register(outboxRoutes(outbox));
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) {
          res.setHeader('cache-control', 'no-cache');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: true,
      errorMsg: translate(request.lang, 'errors.notFound'),
      errorCode: 'NOT_FOUND',
    });
  });

  const realtime = attachRealtime(app, {
    sessions,
    redisUrl: config.redisUrl,
    resolveMeetToken: (token) => room.resolveMeetToken(token),
    ...clock,
  });
  realtime.onConnection(
    careSocketHandlers({
      io: realtime.io,
      room,
      iceServers: config.iceServers,
      onError: warn('visit socket handler failed'),
    }),
  );
  pushTo = (accountId, event, payload) => {
    realtime.io.to(`account:${accountId}`).emit(event, payload);
  };
  // A meet link's socket ends with its visit.
  evictMeetSockets = (visitId) => {
    realtime.io
      .in(`visit:${visitId}`)
      .fetchSockets()
      .then((sockets) => {
        for (const s of sockets) if (s.data?.meetVisitId === visitId) s.disconnect(true);
      }, warn('meet sockets not evicted'));
  };
  sessions.onRevoked((revoked) => {
    if (revoked.kind === 'account') {
      room.revokeMeetFor(revoked.accountId).catch(warn('meet links not revoked'));
    }
  });
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  // Charges a stopped process left pending are settled from the gateway's record, regularly.
  const reconcileTimer = setInterval(() => {
    charges.reconcile().catch((error: unknown) => warn('payment reconciliation failed')(error));
  }, config.payments.reconcileAfterMs);
  reconcileTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(reconcileTimer);
    mailer.close();
    await limiterRedis?.quit().catch(() => undefined);
  });
  await app.ready();
  return { fastify: app, realtime, reconcilePayments: () => charges.reconcile() };
}

/** The configured payment gateway: the built-in sandbox, or Authorize.Net. */
function createGateway(config: Config, db: Db): PaymentGateway {
  const gateway = config.payments.gateway;
  if (gateway.kind === 'authorize-net') {
    return createAuthorizeNetGateway({
      apiLoginId: gateway.apiLoginId,
      transactionKey: gateway.transactionKey,
      endpoint: gateway.endpoint,
    });
  }
  return createSandboxGateway({ store: createSandboxStore(db) });
}
