import type {
  CustomerFields,
  CustomerTag,
  CustomerView,
  InteractionFields,
  InteractionView,
  TaskFields,
  TaskUpdateFields,
  TaskView,
} from '@apothecall/domain/crm/crm.api';
import { crmCustomersPageSize } from '@apothecall/domain/crm/crm.api';
import { grantCoversState } from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { SchemaError } from '../../platform/errors';
import { phoneToStore } from '../../platform/phone-numbers';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort, PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { CrmRepo } from './crm.repo';
import {
  customerNotFound,
  customerOfTask,
  customerView,
  interactionView,
  matchesCustomer,
  patientRoles,
  subjectOf,
  taskNotFound,
  taskView,
} from './crm-views';

export interface CrmService {
  customers(actor: Actor): Promise<CustomerView[]>;
  /** A page of the customers matching every word and the tag, by name. */
  searchCustomers(
    actor: Actor,
    input: { query: string; tag: CustomerTag | ''; page: number },
  ): Promise<{ customers: CustomerView[]; page: number; pageSize: number; total: number }>;
  customer(actor: Actor, id: string): Promise<CustomerView>;
  createCustomer(actor: Actor, input: CustomerFields): Promise<CustomerView>;
  updateCustomer(actor: Actor, id: string, input: CustomerFields): Promise<CustomerView>;
  interactions(actor: Actor, customerId: string): Promise<InteractionView[]>;
  addInteraction(
    actor: Actor,
    customerId: string,
    input: InteractionFields,
  ): Promise<InteractionView>;
  tasks(actor: Actor): Promise<TaskView[]>;
  createTask(actor: Actor, input: TaskFields): Promise<TaskView>;
  updateTask(actor: Actor, id: string, input: TaskUpdateFields): Promise<TaskView>;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * The pharmacy CRM: customers, interactions and tasks of the caller's pharmacy
 * organisation, for its staff (pharmacist and administrator; anyone else 403 from the pharmacy
 * port). Every row is read and written through the organisation, so another pharmacy's id is
 * "not found" (404, never 403, so ids cannot be probed), audited as denied. Customers may be
 * patients: every read and change of one is audited, with the linked patient account as the
 * subject; the audit holds ids only, never names, notes or summaries.
 *
 * A pharmacist's grant limits them to its states. A customer's state is
 * its linked patient's state on file; a customer with none (no patient linked, or a patient
 * with no state) is the admin's, a grant naming every state's, and its author's. A customer
 * outside the grant is missing from the lists and 404 when opened or changed (audited as
 * denied), and so are its interactions and tasks; a task about no customer is everyone's. A
 * pharmacist may link only a patient of their states (another is refused like a non-patient).
 */
export function createCrmService(deps: {
  repo: CrmRepo;
  pharmacy: Pick<PharmacyPort, 'staff'>;
  accounts: Pick<AccountsPort, 'membership' | 'holderStates'>;
  audit: AuditService;
  now?: () => Date;
}): CrmService {
  const now = deps.now ?? (() => new Date());

  /** The caller's place in the pharmacy, and its id (every row is read through it). */
  async function staffOf(actor: Actor): Promise<{ staff: PharmacyStaff; organizationId: string }> {
    const staff = await deps.pharmacy.staff(actor);
    return { staff, organizationId: staff.organization.id };
  }

  /** Whether the caller sees a customer of the pharmacy, given its state (see above). */
  function sees(
    staff: PharmacyStaff,
    customer: { patientAccountId: string | null; createdBy: string | null },
    state: string | null,
  ): boolean {
    if (grantCoversState(staff.grant, state)) return true;
    // Without a state, also whoever wrote it down: they know it already.
    return state === null && customer.createdBy === staff.accountId;
  }

  /** The customers (or tasks' customers) the caller sees, by their patients' states. */
  async function visible<T>(
    staff: PharmacyStaff,
    rows: readonly T[],
    customerOf: (row: T) => { patientAccountId: string | null; createdBy: string | null } | null,
  ): Promise<T[]> {
    if (!staff.grant) return [...rows];
    const linked = rows.flatMap((row) => customerOf(row)?.patientAccountId ?? []);
    const states = await deps.accounts.holderStates(linked);
    return rows.filter((row) => {
      const customer = customerOf(row);
      if (!customer) return true;
      const state = customer.patientAccountId
        ? (states.get(customer.patientAccountId) ?? null)
        : null;
      return sees(staff, customer, state);
    });
  }

  const denied = (actor: Actor, what: string, target: string) =>
    deps.audit.denied(actor, 'crm.access', null, {
      what,
      reason: 'not-found-or-not-allowed',
      // Only a well-formed id is kept: it names what was asked for, junk says nothing.
      ...(isUuid(target) ? { target } : {}),
    });

  /** The organisation's customer within the caller's grant, or 404 (audited as denied). */
  async function ownCustomer(actor: Actor, staff: PharmacyStaff, id: string, what: string) {
    const found = isUuid(id) ? await deps.repo.customer(staff.organization.id, id) : undefined;
    const [customer] = found ? await visible(staff, [found], (c) => c) : [];
    if (!customer) {
      await denied(actor, what, id);
      throw customerNotFound();
    }
    return customer;
  }

  async function ownTask(actor: Actor, staff: PharmacyStaff, id: string, what: string) {
    const found = isUuid(id) ? await deps.repo.task(staff.organization.id, id) : undefined;
    const [task] = found ? await visible(staff, [found], customerOfTask) : [];
    if (!task) {
      await denied(actor, what, id);
      throw taskNotFound();
    }
    return task;
  }

  /**
   * A linked account must be a patient's (enabled or not: the link is the pharmacy's record),
   * and for a pharmacist one of their grant's states (or none on file): another state's patient
   * is refused exactly like a non-patient, so the answer tells nothing of the account.
   */
  async function checkPatient(staff: PharmacyStaff, accountId: string | null) {
    if (accountId === null) return;
    const member = await deps.accounts.membership(accountId);
    const refused = () =>
      new SchemaError([{ path: 'patientAccountId', message: 'crm.field.patient' }]);
    if (!member || member.organizationType !== null || !patientRoles.includes(member.role)) {
      throw refused();
    }
    if (staff.grant) {
      const state = (await deps.accounts.holderStates([accountId])).get(accountId) ?? null;
      if (state !== null && !grantCoversState(staff.grant, state)) throw refused();
    }
  }

  /** The fields as stored: the phone (optional) in E.164, or a 400 on `phone`. */
  const customerFields = (input: CustomerFields) => ({
    name: input.name,
    email: input.email,
    phone: input.phone === '' ? '' : phoneToStore(input.phone, 'phone'),
    patientAccountId: input.patientAccountId,
    notes: input.notes,
    tag: input.tag,
  });

  return {
    async customers(actor) {
      const { staff, organizationId } = await staffOf(actor);
      const rows = await visible(staff, await deps.repo.customers(organizationId), (c) => c);
      await deps.audit.record(actor, 'crm.customers.list', null, {
        organizationId,
        count: rows.length,
      });
      return rows.map(customerView);
    },

    async searchCustomers(actor, input) {
      const { staff, organizationId } = await staffOf(actor);
      const rows = await visible(staff, await deps.repo.customers(organizationId), (c) => c);
      const matching = rows.filter(
        (c) => (input.tag === '' || c.tag === input.tag) && matchesCustomer(c, input.query),
      );
      const start = (input.page - 1) * crmCustomersPageSize;
      const page = matching.slice(start, start + crmCustomersPageSize);
      // What was searched for may be a name: the audit keeps how many were shown, not the words.
      await deps.audit.record(actor, 'crm.customers.list', null, {
        organizationId,
        count: page.length,
        page: input.page,
        searched: input.query !== '',
      });
      return {
        customers: page.map(customerView),
        page: input.page,
        pageSize: crmCustomersPageSize,
        total: matching.length,
      };
    },

    async customer(actor, id) {
      const { staff, organizationId } = await staffOf(actor);
      const customer = await ownCustomer(actor, staff, id, 'customer.read');
      await deps.audit.record(actor, 'crm.customer.read', subjectOf(customer), {
        organizationId,
        customerId: customer.id,
      });
      return customerView(customer);
    },

    async createCustomer(actor, input) {
      const { staff, organizationId } = await staffOf(actor);
      const fields = customerFields(input);
      await checkPatient(staff, input.patientAccountId);
      const customer = await deps.repo.insertCustomer({
        ...fields,
        organizationId,
        createdBy: actor.accountId,
      });
      await deps.audit.record(actor, 'crm.customer.create', subjectOf(customer), {
        organizationId,
        customerId: customer.id,
        tag: customer.tag,
      });
      return customerView(customer);
    },

    async updateCustomer(actor, id, input) {
      const { staff, organizationId } = await staffOf(actor);
      await ownCustomer(actor, staff, id, 'customer.update');
      const fields = customerFields(input);
      await checkPatient(staff, input.patientAccountId);
      const customer = await deps.repo.updateCustomer(organizationId, id, fields, now());
      if (!customer) throw customerNotFound();
      await deps.audit.record(actor, 'crm.customer.update', subjectOf(customer), {
        organizationId,
        customerId: customer.id,
        tag: customer.tag,
      });
      return customerView(customer);
    },

    async interactions(actor, customerId) {
      const { staff, organizationId } = await staffOf(actor);
      const customer = await ownCustomer(actor, staff, customerId, 'interactions.read');
      const rows = await deps.repo.interactions(organizationId, customer.id);
      await deps.audit.record(actor, 'crm.interactions.read', subjectOf(customer), {
        organizationId,
        customerId: customer.id,
        count: rows.length,
      });
      return rows.map(interactionView);
    },

    async addInteraction(actor, customerId, input) {
      const { staff, organizationId } = await staffOf(actor);
      const customer = await ownCustomer(actor, staff, customerId, 'interaction.create');
      const interaction = await deps.repo.insertInteraction({
        organizationId,
        customerId: customer.id,
        at: input.at ? new Date(input.at) : now(),
        channel: input.channel,
        summary: input.summary,
        tag: input.tag,
        createdBy: actor.accountId,
      });
      await deps.audit.record(actor, 'crm.interaction.create', subjectOf(customer), {
        organizationId,
        customerId: customer.id,
        interactionId: interaction.id,
        tag: interaction.tag,
      });
      return interactionView(interaction);
    },

    async tasks(actor) {
      const { staff, organizationId } = await staffOf(actor);
      const rows = await visible(staff, await deps.repo.tasks(organizationId), customerOfTask);
      await deps.audit.record(actor, 'crm.tasks.list', null, {
        organizationId,
        count: rows.length,
      });
      return rows.map(taskView);
    },

    async createTask(actor, input) {
      const { staff, organizationId } = await staffOf(actor);
      const customer = input.customerId
        ? await ownCustomer(actor, staff, input.customerId, 'task.create')
        : undefined;
      const id = await deps.repo.insertTask({
        organizationId,
        title: input.title,
        dueDate: input.dueDate,
        customerId: customer?.id ?? null,
        tag: input.tag,
        createdBy: actor.accountId,
      });
      const task = await deps.repo.task(organizationId, id);
      if (!task) throw taskNotFound();
      await deps.audit.record(actor, 'crm.task.create', customer ? subjectOf(customer) : null, {
        organizationId,
        taskId: id,
        ...(customer ? { customerId: customer.id } : {}),
        tag: task.tag,
      });
      return taskView(task);
    },

    async updateTask(actor, id, input) {
      const { staff, organizationId } = await staffOf(actor);
      const before = await ownTask(actor, staff, id, 'task.update');
      const customer = input.customerId
        ? await ownCustomer(actor, staff, input.customerId, 'task.update')
        : undefined;
      const done =
        input.done === undefined || input.done === before.done
          ? {}
          : { done: input.done, doneAt: input.done ? now() : null };
      await deps.repo.updateTask(organizationId, before.id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
        ...(input.customerId !== undefined ? { customerId: customer?.id ?? null } : {}),
        ...(input.tag !== undefined ? { tag: input.tag } : {}),
        ...done,
      });
      const task = await deps.repo.task(organizationId, before.id);
      if (!task) throw taskNotFound();
      const about = task.customerId
        ? await deps.repo.customer(organizationId, task.customerId)
        : undefined;
      await deps.audit.record(actor, 'crm.task.update', about ? subjectOf(about) : null, {
        organizationId,
        taskId: task.id,
        ...(task.customerId ? { customerId: task.customerId } : {}),
        tag: task.tag,
        done: task.done,
      });
      return taskView(task);
    },
  };
}
