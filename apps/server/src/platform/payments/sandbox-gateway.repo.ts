import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGateway } from '../../db/schema/platform';

export interface SandboxRecord {
  id: string;
  kind: 'customer' | 'card' | 'transaction';
  parentId: string | null;
  data: Record<string, unknown>;
  invoiceNumber: string | null;
  amountCents: number | null;
  status: string | null;
}

/** The sandbox gateway's own storage (see db/schema/payments.ts sandboxGateway). */
export interface SandboxStore {
  insert(record: SandboxRecord): Promise<void>;
  get(id: string): Promise<SandboxRecord | undefined>;
  setStatus(id: string, status: string): Promise<void>;
  byInvoice(invoiceNumber: string): Promise<SandboxRecord | undefined>;
}

export function createSandboxStore(db: Db): SandboxStore {
  const toRecord = (row: typeof sandboxGateway.$inferSelect): SandboxRecord => ({
    id: row.id,
    kind: row.kind as SandboxRecord['kind'],
    parentId: row.parentId,
    data: JSON.parse(row.data) as Record<string, unknown>,
    invoiceNumber: row.invoiceNumber,
    amountCents: row.amountCents,
    status: row.status,
  });
  return {
    async insert(record) {
      await db.insert(sandboxGateway).values({ ...record, data: JSON.stringify(record.data) });
    },
    async get(id) {
      const [row] = await db
        .select()
        .from(sandboxGateway)
        .where(eq(sandboxGateway.id, id))
        .limit(1);
      return row ? toRecord(row) : undefined;
    },
    async setStatus(id, status) {
      await db.update(sandboxGateway).set({ status }).where(eq(sandboxGateway.id, id));
    },
    async byInvoice(invoiceNumber) {
      const [row] = await db
        .select()
        .from(sandboxGateway)
        .where(
          and(
            eq(sandboxGateway.kind, 'transaction'),
            eq(sandboxGateway.invoiceNumber, invoiceNumber),
          ),
        )
        .limit(1);
      return row ? toRecord(row) : undefined;
    },
  };
}
