import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/files';

export interface FileRecord {
  id: string;
  ownerAccountId: string;
  personId: string | null;
  purpose: string;
  contentType: string;
  size: number;
  originalName: string;
  storageKey: string;
  createdAt: Date;
}

export interface FilesRepo {
  insert(record: Omit<FileRecord, 'createdAt'>): Promise<FileRecord>;
  /** A file that has not been removed. */
  find(id: string): Promise<FileRecord | undefined>;
  /** Marks the file removed at `at`; false when it was already gone. */
  markDeleted(id: string, at: Date): Promise<boolean>;
}

const columns = {
  id: files.id,
  ownerAccountId: files.ownerAccountId,
  personId: files.personId,
  purpose: files.purpose,
  contentType: files.contentType,
  size: files.size,
  originalName: files.originalName,
  storageKey: files.storageKey,
  createdAt: files.createdAt,
};

export function createFilesRepo(db: Db): FilesRepo {
  return {
    async insert(record) {
      const [row] = await db.insert(files).values(record).returning(columns);
      return row!;
    },

    async find(id) {
      const [row] = await db
        .select(columns)
        .from(files)
        .where(and(eq(files.id, id), isNull(files.deletedAt)))
        .limit(1);
      return row;
    },

    async markDeleted(id, at) {
      const rows = await db
        .update(files)
        .set({ deletedAt: at })
        .where(and(eq(files.id, id), isNull(files.deletedAt)))
        .returning({ id: files.id });
      return rows.length > 0;
    },
  };
}
