import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { AuditService } from './audit.service';
import type { EventBus } from './events';
import type { Jobs } from './jobs/jobs';
import type { Mailer } from './mail.service';
import type { PasswordHasher } from './passwords';
import type { PaymentGateway } from './payments/gateway';
import type { RateLimiter } from './rate-limit';
import type { Realtime } from './realtime';
import type { SessionsService } from './sessions/sessions.service';
import type { SmsSender } from './sms.service';

/** The cross-cutting services every area may use (built once by platform/platform.ts). */
export interface Platform {
  apiVersion: string;
  log: FastifyBaseLogger;
  /** A logger of failures that must not fail the caller: `warn('what failed')(error)`. */
  warn: (what: string) => (error: unknown) => void;
  /** The clock: `now()`, and `clock` to spread into a service's deps (tests move it). */
  now: () => Date;
  clock: { now?: () => Date };
  database: Database;
  audit: AuditService;
  events: EventBus;
  /** The PostgreSQL job queue (pg-boss): work that must survive a restart or run later. */
  jobs: Jobs;
  sessions: SessionsService;
  hasher: PasswordHasher;
  mailer: Mailer;
  sms: SmsSender;
  limiter: RateLimiter;
  gateway: PaymentGateway;
  realtime: Realtime;
}

/** What an area module is built from: the database, the configuration and the platform. */
export interface ModuleContext {
  db: Db;
  config: Config;
  platform: Platform;
}

/**
 * One area of the product, built by its `<area>.module.ts` from a ModuleContext and the ports of
 * the areas it needs. `app.ts` lists the modules and mounts what they give.
 */
export interface AreaModule {
  name: string;
  /** Its HTTP routes, mounted under /api. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Its pages served beside the web app, at the site's root (the web app manifest). */
  pages?: (app: FastifyInstance) => Promise<void>;
  /** Its socket handlers, attached to every authenticated connection. */
  sockets?: (socket: Socket) => void;
  /** Work to start once the server listens (timers, job workers). */
  start?: () => Promise<void>;
  /** Work to stop before the database closes. */
  close?: () => Promise<void>;
}
