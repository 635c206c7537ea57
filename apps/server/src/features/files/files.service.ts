import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as pause } from 'node:timers/promises';
import { idSchema } from '@apothecall/domain/common/common.schemas';
import type { StoredFile } from '@apothecall/domain/files/files.api';
import { filePurposes, imageUploadLimit, safeFileName } from '@apothecall/domain/files/files.rules';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import {
  fileErrors,
  type InspectedUpload,
  inspectUpload,
} from '../../platform/files/upload-inspect';
import type { RateLimiter } from '../../platform/rate-limit';
import type { FilesActor, FilesPort, OpenedFile } from './files.port';
import type { FileRecord, FilesRepo } from './files.repo';

/** The files area's service: what the port offers, and nothing else today. */
export type FilesService = FilesPort;

type FileAction = 'file.upload' | 'file.read' | 'file.delete';

/**
 * How long an image refused by the account's limit waits before its 429. The refusal itself
 * costs next to nothing, so a client that sends again at once (a flood) would otherwise send
 * hundreds a second, each still a body to receive and a session to look up on the thread that
 * serves everyone's logins; held for a second, each connection sends at most one a second, and
 * nobody within the limit ever waits.
 */
export const overLimitPauseMs = 1000;

/**
 * Uploaded files on a patient's record (platform/files holds the bytes, encrypted).
 *
 * Who may read or remove a file: the account that uploaded it (the holder acts for every
 * family member). Anyone else is answered "not found", never "forbidden", so ids cannot be
 * probed, and the attempt is audited as denied. Every upload (stored or refused), read and
 * removal writes an audit row naming the file by id only — never its name or content.
 */
export function createFilesService(deps: {
  repo: FilesRepo;
  store: FileStore;
  audit: AuditService;
  maxBytes: number;
  inspect?: typeof inspectUpload;
  /** Counts each account's image uploads (imageUploadLimit); without it, none are limited. */
  limiter?: Pick<RateLimiter, 'hit'>;
  /** How long an over-limit refusal is held (overLimitPauseMs unless a test gives another). */
  overLimitPauseMs?: number;
  now?: () => Date;
  /** Told about failures that do not fail the request (bytes left behind in the store). */
  onError?: (what: string, error: unknown) => void;
}): FilesService {
  const inspect = deps.inspect ?? inspectUpload;
  const now = deps.now ?? (() => new Date());
  const onError = deps.onError ?? (() => undefined);

  /** The one place files write audit rows: ids and reasons only, never names or content. */
  const audit = (
    actor: FilesActor,
    action: FileAction,
    outcome: 'success' | 'failure' | 'denied',
    subject: { ownerAccountId: string; personId: string | null } | undefined,
    detail: Record<string, unknown>,
  ) => {
    const whose = subject
      ? {
          accountId: subject.ownerAccountId,
          // The account holder's person id is the account id.
          personId: subject.personId ?? subject.ownerAccountId,
        }
      : null;
    if (outcome === 'denied') return deps.audit.denied(actor, action, whose, detail);
    if (outcome === 'failure') return deps.audit.failed(actor, action, whose, detail);
    return deps.audit.record(actor, action, whose, detail);
  };

  /** The file, when `owner` owns it (the actor's own account by default); else denied, not found. */
  async function owned(
    actor: FilesActor,
    id: string,
    action: FileAction,
    owner = actor.accountId,
  ): Promise<FileRecord> {
    const found = isId(id) ? await deps.repo.find(id) : undefined;
    if (!found || found.ownerAccountId !== owner) {
      // Only a well-formed id is kept: it names what was asked for, junk says nothing.
      await audit(actor, action, 'denied', undefined, {
        reason: 'not-found-or-not-allowed',
        ...(isId(id) ? { fileId: id } : {}),
      });
      throw fileErrors.notFound();
    }
    return found;
  }

  /** Streams a file the caller may read, audited (a failed read too). */
  async function read(actor: FilesActor, record: FileRecord): Promise<OpenedFile> {
    let body: Readable;
    try {
      body = await deps.store.get(record.storageKey);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      await audit(actor, 'file.read', 'failure', record, {
        fileId: record.id,
        reason: typeof code === 'string' ? code : 'store-error',
      });
      throw error;
    }
    try {
      await audit(actor, 'file.read', 'success', record, { fileId: record.id });
    } catch (error) {
      body.destroy();
      throw error;
    }
    return { file: view(record), body };
  }

  const limitKey = (actor: FilesActor) => `image-uploads:${actor.accountId}`;
  /** Only the first refusal of a window is audited: a flood writes one row, not thousands. */
  const firstOverLimit = (count: number) => count === imageUploadLimit.max + 1;

  return {
    async upload(actor, input) {
      const subject = { ownerAccountId: actor.accountId, personId: input.personId ?? null };
      const limiter = input.limited === false ? undefined : deps.limiter;
      let audited = true;
      let inspected: InspectedUpload;
      try {
        inspected = await inspect(input.bytes, {
          purpose: input.purpose,
          maxBytes: deps.maxBytes,
          ...(limiter && {
            beforeImage: async () => {
              const count = await limiter.hit(limitKey(actor), imageUploadLimit.windowSeconds);
              if (count > imageUploadLimit.max) {
                audited = firstOverLimit(count);
                await pause(deps.overLimitPauseMs ?? overLimitPauseMs);
                throw appErrors.rateLimited();
              }
            },
          }),
        });
      } catch (error) {
        if (error instanceof AppError && audited) {
          await audit(actor, 'file.upload', 'failure', subject, {
            purpose: input.purpose,
            reason: error.code,
          });
        }
        throw error;
      }
      const id = randomUUID();
      const storageKey = randomUUID();
      const { size } = await deps.store.put(storageKey, Readable.from([inspected.bytes]));
      let record: FileRecord;
      try {
        record = await deps.repo.insert({
          id,
          ownerAccountId: actor.accountId,
          personId: input.personId ?? null,
          purpose: input.purpose,
          contentType: inspected.contentType,
          size,
          originalName: safeFileName(input.fileName, inspected.extension),
          storageKey,
        });
      } catch (error) {
        await deps.store.delete(storageKey).catch((e: unknown) => onError('file not removed', e));
        throw error;
      }
      await audit(actor, 'file.upload', 'success', record, {
        fileId: record.id,
        purpose: record.purpose,
        contentType: record.contentType,
        size: record.size,
      });
      return view(record);
    },

    async open(actor, id) {
      return read(actor, await owned(actor, id, 'file.read'));
    },

    async openFor(actor, id, ownerAccountId) {
      return read(actor, await owned(actor, id, 'file.read', ownerAccountId));
    },

    async remove(actor, id) {
      const record = await owned(actor, id, 'file.delete');
      if (!(await deps.repo.markDeleted(record.id, now()))) throw fileErrors.notFound();
      await deps.store
        .delete(record.storageKey)
        .catch((error: unknown) => onError('file not removed from storage', error));
      await audit(actor, 'file.delete', 'success', record, { fileId: record.id });
    },
  };
}

function view(record: FileRecord): StoredFile {
  const purpose = filePurposes.find((p) => p === record.purpose);
  const contentType = storedTypes.find((t) => t === record.contentType);
  if (!purpose || !contentType) throw new Error('files row holds an unknown purpose or type');
  return {
    id: record.id,
    purpose,
    contentType,
    size: record.size,
    name: record.originalName,
    createdAt: record.createdAt.toISOString(),
  };
}

const storedTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;

function isId(value: string): boolean {
  return idSchema.safeParse(value).success;
}
