import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { crmCustomers, crmInteractions, crmTasks } from '../../db/schema/crm';

export type CustomerRecord = typeof crmCustomers.$inferSelect;
export type InteractionRecord = typeof crmInteractions.$inferSelect;
/** A task with what its customer's visibility needs (a grant's states). */
export type TaskRecord = typeof crmTasks.$inferSelect & {
  customerName: string | null;
  customerPatientAccountId: string | null;
  customerCreatedBy: string | null;
};

type CustomerFields = Pick<
  typeof crmCustomers.$inferInsert,
  'name' | 'email' | 'phone' | 'patientAccountId' | 'notes' | 'tag'
>;
type TaskFields = Pick<typeof crmTasks.$inferInsert, 'title' | 'dueDate' | 'customerId' | 'tag'>;

/** At most this many rows a list answers (a pharmacy's CRM, not a data warehouse). */
export const crmListLimit = 1000;

/**
 * The CRM's tables. Every read and write names the organisation, so a row of another
 * pharmacy is never found, changed or counted: scoping is in the SQL, not left to the caller.
 */
export interface CrmRepo {
  customers(organizationId: string): Promise<CustomerRecord[]>;
  customer(organizationId: string, id: string): Promise<CustomerRecord | undefined>;
  insertCustomer(
    row: CustomerFields & { organizationId: string; createdBy: string },
  ): Promise<CustomerRecord>;
  updateCustomer(
    organizationId: string,
    id: string,
    fields: CustomerFields,
    at: Date,
  ): Promise<CustomerRecord | undefined>;
  interactions(organizationId: string, customerId: string): Promise<InteractionRecord[]>;
  insertInteraction(
    row: typeof crmInteractions.$inferInsert & { organizationId: string },
  ): Promise<InteractionRecord>;
  tasks(organizationId: string): Promise<TaskRecord[]>;
  task(organizationId: string, id: string): Promise<TaskRecord | undefined>;
  insertTask(row: TaskFields & { organizationId: string; createdBy: string }): Promise<string>;
  updateTask(
    organizationId: string,
    id: string,
    fields: Partial<TaskFields> & { done?: boolean; doneAt?: Date | null },
  ): Promise<boolean>;
}

const taskColumns = {
  id: crmTasks.id,
  organizationId: crmTasks.organizationId,
  customerId: crmTasks.customerId,
  title: crmTasks.title,
  dueDate: crmTasks.dueDate,
  done: crmTasks.done,
  doneAt: crmTasks.doneAt,
  tag: crmTasks.tag,
  createdBy: crmTasks.createdBy,
  createdAt: crmTasks.createdAt,
  customerName: crmCustomers.name,
  customerPatientAccountId: crmCustomers.patientAccountId,
  customerCreatedBy: crmCustomers.createdBy,
};

export function createCrmRepo(db: Db): CrmRepo {
  const tasksQuery = () =>
    db
      .select(taskColumns)
      .from(crmTasks)
      .leftJoin(
        crmCustomers,
        and(
          eq(crmCustomers.id, crmTasks.customerId),
          eq(crmCustomers.organizationId, crmTasks.organizationId),
        ),
      );

  return {
    customers(organizationId) {
      return db
        .select()
        .from(crmCustomers)
        .where(eq(crmCustomers.organizationId, organizationId))
        .orderBy(asc(sql`lower(${crmCustomers.name})`), asc(crmCustomers.createdAt))
        .limit(crmListLimit);
    },
    async customer(organizationId, id) {
      const [row] = await db
        .select()
        .from(crmCustomers)
        .where(and(eq(crmCustomers.id, id), eq(crmCustomers.organizationId, organizationId)));
      return row;
    },
    async insertCustomer(row) {
      const [inserted] = await db.insert(crmCustomers).values(row).returning();
      if (!inserted) throw new Error('customer not inserted');
      return inserted;
    },
    async updateCustomer(organizationId, id, fields, at) {
      const [row] = await db
        .update(crmCustomers)
        .set({ ...fields, updatedAt: at })
        .where(and(eq(crmCustomers.id, id), eq(crmCustomers.organizationId, organizationId)))
        .returning();
      return row;
    },
    interactions(organizationId, customerId) {
      return db
        .select()
        .from(crmInteractions)
        .where(
          and(
            eq(crmInteractions.customerId, customerId),
            eq(crmInteractions.organizationId, organizationId),
          ),
        )
        .orderBy(desc(crmInteractions.at), desc(crmInteractions.createdAt))
        .limit(crmListLimit);
    },
    async insertInteraction(row) {
      const [inserted] = await db.insert(crmInteractions).values(row).returning();
      if (!inserted) throw new Error('interaction not inserted');
      return inserted;
    },
    tasks(organizationId) {
      return tasksQuery()
        .where(eq(crmTasks.organizationId, organizationId))
        .orderBy(
          asc(crmTasks.done),
          // Open tasks by due day; done ones most recently done first.
          sql`case when ${crmTasks.done} then null else ${crmTasks.dueDate} end asc nulls last`,
          desc(crmTasks.doneAt),
          asc(crmTasks.createdAt),
        )
        .limit(crmListLimit);
    },
    async task(organizationId, id) {
      const [row] = await tasksQuery().where(
        and(eq(crmTasks.id, id), eq(crmTasks.organizationId, organizationId)),
      );
      return row;
    },
    async insertTask(row) {
      const [inserted] = await db.insert(crmTasks).values(row).returning({ id: crmTasks.id });
      if (!inserted) throw new Error('task not inserted');
      return inserted.id;
    },
    async updateTask(organizationId, id, fields) {
      const rows = await db
        .update(crmTasks)
        .set(fields)
        .where(and(eq(crmTasks.id, id), eq(crmTasks.organizationId, organizationId)))
        .returning({ id: crmTasks.id });
      return rows.length > 0;
    },
  };
}
