import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountsModule } from './features/accounts/accounts.module';
import { analyticsModule } from './features/analytics/analytics.module';
import { announcementsModule } from './features/announcements/announcements.module';
import { appointmentsModule } from './features/appointments/appointments.module';
import { assessmentsModule } from './features/assessments/assessments.module';
import { backofficePeopleModule } from './features/backoffice-people/backoffice-people.module';
import { backofficeVisitsModule } from './features/backoffice-visits/backoffice-visits.module';
import { brandOffersModule } from './features/brands/brand-offers.module';
import { brandsModule } from './features/brands/brands.module';
import { careModule, type PresenceSweepResult } from './features/care/care.module';
import { clinicModule } from './features/clinic/clinic.module';
import { crmModule } from './features/crm/crm.module';
import { documentsModule } from './features/documents/documents.module';
import { filesModule } from './features/files/files.module';
import { homeModule } from './features/home/home.module';
import { inboxModule } from './features/inbox/inbox.module';
import { nativeModule } from './features/native/native.module';
import { notesModule } from './features/notes/notes.module';
import { notificationsModule } from './features/notifications/notifications.module';
import { paymentsModule } from './features/payments/payments.module';
import { pharmacyModule } from './features/pharmacy/pharmacy.module';
import { prepayModule } from './features/prepay/prepay.module';
import { providersModule } from './features/providers/providers.module';
import { rxModule } from './features/rx/rx.module';
import { rxCodesModule } from './features/rx-codes/rx-codes.module';
import { rxFormsModule } from './features/rx-forms/rx-forms.module';
import {
  type RenewalResult,
  subscriptionsModule,
} from './features/subscriptions/subscriptions.module';
import { systemModule } from './features/system/system.module';
import { frameworkErrorOptions } from './platform/http';
import { registerHttp, serveWeb } from './platform/http-setup';
import type { Jobs } from './platform/jobs/jobs';
import { jobsRoutes } from './platform/jobs/jobs.routes';
import { createJobsAdminRepo } from './platform/jobs/jobs-admin.repo';
import { jobsAdminRoutes } from './platform/jobs/jobs-admin.routes';
import { createJobsAdminService } from './platform/jobs/jobs-admin.service';
import { loggerOptions } from './platform/logger';
import { registerMetrics } from './platform/metrics';
import type { AreaModule, ModuleContext } from './platform/module';
import { createPlatform, type PlatformOverrides } from './platform/platform';
import type { Realtime } from './platform/realtime';

export const apiVersion = '0.1.0';

export interface AppDeps extends PlatformOverrides {
  config: Config;
  database: Database;
  /** Where log lines go (tests pass a stream to read them); default stdout. */
  logStream?: NodeJS.WritableStream;
}

export interface App {
  fastify: FastifyInstance;
  realtime: Realtime;
  /** Settles ledger entries a crash left pending (main.ts runs it at start-up). */
  reconcilePayments(): Promise<{ succeeded: number; failed: number }>;
  /** Renews the subscriptions that are due now (what the recurring job runs; tests call it). */
  renewSubscriptions(): Promise<RenewalResult>;
  /** The minute presence sweep: what the recurring job runs; tests call it. */
  sweepPresence(): Promise<PresenceSweepResult>;
  /** The job queue this process works (shared with every process on the same database). */
  jobs: Pick<Jobs, 'send' | 'deadLetters'>;
  /** The port the pharmacies' inbound SMTP endpoint listens on, if it does (the start-up text). */
  inboundSmtpPort(): number | undefined;
}

/**
 * Builds the whole server without listening (main.ts and the tests both call it): the platform
 * once, then each area's module from it and the ports of the areas it needs, in dependency
 * order. No feature logic lives here (docs/architecture.md, "Area modules").
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    // Bad URLs and over-long parameters answer the error envelope, echoing nothing.
    ...frameworkErrorOptions,
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

  const platform = createPlatform(app, config, database, deps, apiVersion);
  const ctx: ModuleContext = { db: database.db, config, platform };

  const brands = brandsModule(ctx);
  const clinic = clinicModule(ctx);
  const accounts = accountsModule(ctx, { brands: brands.port, roster: clinic.port });
  brands.connect({ accounts: accounts.port });
  const payments = paymentsModule(ctx, { accounts: accounts.port, brands: brands.port });
  const notes = notesModule(ctx, { accounts: accounts.port });
  const care = careModule(ctx, {
    accounts: accounts.port,
    brands: brands.port,
    roster: clinic.port,
    payments: payments.port,
    notes: notes.port,
  });
  const files = filesModule(ctx);
  const pharmacy = pharmacyModule(ctx, { accounts: accounts.port, payments: payments.port });
  const prepay = prepayModule(ctx, {
    accounts: accounts.port,
    payments: payments.port,
    pharmacy: pharmacy.port,
  });
  const assessments = assessmentsModule(ctx, {
    accounts: accounts.port,
    pharmacy: pharmacy.port,
  });
  const rx = rxModule(ctx, {
    assessments: assessments.port,
    care: care.port,
    accounts: accounts.port,
    brands: brands.port,
    roster: clinic.port,
    payments: payments.port,
    files: files.port,
    pharmacy: pharmacy.port,
    prepay: prepay.port,
  });
  const appointments = appointmentsModule(ctx, {
    accounts: accounts.port,
    roster: clinic.port,
    payments: payments.port,
    care: care.port,
  });
  const subscriptions = subscriptionsModule(ctx, {
    accounts: accounts.port,
    brands: brands.port,
    payments: payments.port,
  });
  const rxForms = rxFormsModule(ctx, {
    rx: rx.port,
    accounts: accounts.port,
    pharmacy: pharmacy.port,
  });
  const rxCodes = rxCodesModule(ctx, { rx: rx.port, pharmacy: pharmacy.port });
  const announcements = announcementsModule(ctx, {
    accounts: accounts.port,
    brands: brands.port,
    pharmacy: pharmacy.port,
  });
  const documents = documentsModule(ctx, {
    accounts: accounts.port,
    files: files.port,
    payments: payments.port,
    sources: [
      notes.port.documents,
      care.port.certificates,
      rx.port.prescriptions,
      rx.port.consents,
      payments.port.receipts,
      rxForms.port.documents,
      assessments.port.documents,
    ],
  });
  const notifications = notificationsModule(ctx, {
    accounts: accounts.port,
    brands: brands.port,
    pharmacy: pharmacy.port,
  });
  const crm = crmModule(ctx, { accounts: accounts.port, pharmacy: pharmacy.port });
  const analytics = analyticsModule(ctx, {
    accounts: accounts.port,
    brands: brands.port,
    payments: payments.port,
    pharmacy: pharmacy.port,
    rx: rx.port,
  });
  const inbox = inboxModule(ctx, {
    accounts: accounts.port,
    brands: brands.port,
    files: files.port,
    pharmacy: pharmacy.port,
  });
  const native = nativeModule(ctx);
  const providers = providersModule(ctx, {
    accounts: accounts.port,
    roster: clinic.port,
    care: care.port,
    rx: rx.port,
  });
  const system = systemModule(ctx, { outbox: platform.outbox, limiter: platform.limiter });
  const backofficePeople = backofficePeopleModule(ctx, {
    accounts: accounts.port,
    care: care.port,
    payments: payments.port,
    notifications: notifications.port,
  });
  const backofficeVisits = backofficeVisitsModule(ctx, {
    accounts: accounts.port,
    care: care.port,
    rx: rx.port,
    pharmacy: pharmacy.port,
  });
  const brandOffers = brandOffersModule(ctx, { accounts: accounts.port }, brands);
  const jobsAdmin = createJobsAdminService({
    repo: createJobsAdminRepo(database),
    jobs: platform.jobs,
    accounts: accounts.port,
    audit: platform.audit,
  });
  const home = homeModule(ctx, {
    accounts: accounts.port,
    sources: [
      care.homeCounts,
      rx.homeCounts,
      subscriptions.homeCounts,
      backofficeVisits.homeCounts,
      pharmacy.homeCounts,
      async (actor, wanted) =>
        wanted.has('failedJobs') ? { failedJobs: await jobsAdmin.failedCount(actor) } : {},
    ],
  });
  const modules: AreaModule[] = [
    system,
    accounts,
    brands,
    clinic,
    payments,
    care,
    notes,
    files,
    pharmacy,
    prepay,
    assessments,
    rx,
    rxForms,
    rxCodes,
    announcements,
    subscriptions,
    appointments,
    documents,
    notifications,
    crm,
    analytics,
    inbox,
    native,
    backofficePeople,
    providers,
    backofficeVisits,
    brandOffers,
    home,
  ];

  await registerHttp(app, {
    sessions: platform.sessions,
    brandResolver: brands.port.resolve,
    apiVersion,
    nativeOrigins: config.native.origins,
  });
  if (config.tracing) {
    // Loaded only when configured: the OpenTelemetry packages stay out of every other process.
    const { registerTracing } = await import('./platform/tracing');
    await registerTracing(app, { ...config.tracing, version: apiVersion });
  }
  if (config.metrics.token) {
    registerMetrics(app, {
      token: config.metrics.token,
      sources: {
        pool: database.pool,
        sockets: () => platform.realtime.io.of('/').sockets.size,
        jobs: () => platform.jobs.queueCounts(),
        outboxBacklog: () => platform.outbox.backlog(),
        version: apiVersion,
        databaseKind: database.kind,
      },
    });
  }
  await app.register(
    async (api) => {
      for (const module of modules) if (module.routes) await api.register(module.routes);
      await api.register(
        jobsRoutes({ jobs: platform.jobs, roleOf: accounts.port.role, audit: platform.audit }),
      );
      await api.register(jobsAdminRoutes({ admin: jobsAdmin }));
    },
    { prefix: '/api' },
  );
  for (const module of modules) if (module.pages) await app.register(module.pages);
  await serveWeb(app, config.webDist);
  for (const module of modules) if (module.sockets) platform.realtime.onConnection(module.sockets);

  app.addHook('preClose', async () => {
    await platform.realtime.close();
  });
  app.addHook('onClose', async () => {
    await platform.jobs.stop({ graceMs: config.shutdownGraceSeconds * 500 });
    for (const module of modules) await module.close?.();
    await platform.close();
  });
  // Every job is defined by now (platform and modules register theirs as they are built).
  await platform.jobs.start();
  for (const module of modules) await module.start?.();
  await app.ready();
  return {
    fastify: app,
    realtime: platform.realtime,
    reconcilePayments: payments.reconcile,
    renewSubscriptions: subscriptions.renewDue,
    sweepPresence: care.sweepPresence,
    jobs: platform.jobs,
    inboundSmtpPort: inbox.smtpPort,
  };
}
