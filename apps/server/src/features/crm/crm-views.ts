import type {
  CustomerTag,
  CustomerView,
  InteractionChannel,
  InteractionTag,
  InteractionView,
  TaskTag,
  TaskView,
} from '@apothecall/domain/crm/crm.api';
import { AppError } from '../../platform/errors';
import type { CustomerRecord, InteractionRecord, TaskRecord } from './crm.repo';

/** A task's customer, as far as its visibility goes; null for a task about no customer. */
export const customerOfTask = (task: TaskRecord) =>
  task.customerId
    ? { patientAccountId: task.customerPatientAccountId, createdBy: task.customerCreatedBy }
    : null;

/** Accounts that act as patients (they may be linked to a customer); staff never are. */
export const patientRoles: readonly string[] = [
  'patient',
  'tester',
  'demo',
  'AllAccess',
  '3rdparty',
];

export const customerNotFound = () => new AppError(404, 'NOT_FOUND', 'crm.customerNotFound');
export const taskNotFound = () => new AppError(404, 'NOT_FOUND', 'crm.taskNotFound');

export function customerView(row: CustomerRecord): CustomerView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    patientAccountId: row.patientAccountId,
    notes: row.notes,
    tag: row.tag as CustomerTag,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function interactionView(row: InteractionRecord): InteractionView {
  return {
    id: row.id,
    customerId: row.customerId,
    at: row.at.toISOString(),
    channel: row.channel as InteractionChannel,
    summary: row.summary,
    tag: row.tag as InteractionTag,
    createdAt: row.createdAt.toISOString(),
  };
}

export function taskView(row: TaskRecord): TaskView {
  return {
    id: row.id,
    title: row.title,
    dueDate: row.dueDate,
    done: row.done,
    doneAt: row.doneAt ? row.doneAt.toISOString() : null,
    customerId: row.customerId,
    customerName: row.customerName,
    tag: row.tag as TaskTag,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whose record a customer is, for the audit trail: the linked patient account, if any. */
export const subjectOf = (customer: CustomerRecord) =>
  customer.patientAccountId ? { accountId: customer.patientAccountId } : null;

/**
 * Whether a customer has every word of a search: in its name or e-mail (any case), or, for a word
 * with digits, in its phone's digits however either was typed ("305 555" finds +13055550142).
 */
export function matchesCustomer(customer: CustomerRecord, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const text = `${customer.name} ${customer.email}`.toLocaleLowerCase();
  const phoneDigits = customer.phone.replace(/\D/g, '');
  return words.every((word) => {
    if (text.includes(word)) return true;
    const digits = word.replace(/\D/g, '');
    return digits.length > 0 && digits.length === word.replace(/[\s().+-]/g, '').length
      ? phoneDigits.includes(digits)
      : false;
  });
}
