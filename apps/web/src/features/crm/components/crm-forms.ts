import {
  type CustomerInput,
  type CustomerView,
  customerInputSchema,
  type InteractionChannel,
  type InteractionInput,
  interactionInputSchema,
  type TaskInput,
  taskInputSchema,
} from '@apothecall/domain/crm/crm.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import type { z } from 'zod';

/**
 * The CRM's forms as typed, and their checks with the same schemas the server validates
 * (crm.api.ts): one message per field, the schema's own catalogue key (each names its field).
 */
type IsKey = (key: string) => key is MessageKey;

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

export type Check<R, F extends string> =
  | { readonly ok: true; readonly request: R }
  | { readonly ok: false; readonly errors: FieldErrors<F> };

function check<S extends z.ZodType, F extends string>(
  schema: S,
  input: unknown,
  fields: readonly F[],
  isKey: IsKey,
): Check<z.input<S>, F> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, request: input as z.input<S> };
  const errors: FieldErrors<F> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    errors[field as F] ??= isKey(issue.message) ? issue.message : 'common.required';
  }
  return { ok: false, errors };
}

// ---------------------------------------------------------------------------------------------

export interface CustomerDraft {
  name: string;
  email: string;
  phone: string;
  /** '' when not linked. */
  patientAccountId: string;
  notes: string;
  /** '' until one is chosen. */
  tag: string;
}

export type CustomerField = keyof CustomerDraft;
const customerFields: readonly CustomerField[] = [
  'name',
  'email',
  'phone',
  'patientAccountId',
  'notes',
  'tag',
];

export const emptyCustomerDraft: CustomerDraft = {
  name: '',
  email: '',
  phone: '',
  patientAccountId: '',
  notes: '',
  tag: '',
};

export function customerDraftOf(customer: CustomerView): CustomerDraft {
  return {
    name: customer.name,
    email: customer.email,
    // Kept in E.164; edited as people write it.
    phone: customer.phone ? formatPhone(customer.phone) : '',
    patientAccountId: customer.patientAccountId ?? '',
    notes: customer.notes,
    tag: customer.tag,
  };
}

export function checkCustomer(
  draft: CustomerDraft,
  isKey: IsKey,
): Check<CustomerInput, CustomerField> {
  const body = {
    ...draft,
    patientAccountId: draft.patientAccountId.trim() === '' ? null : draft.patientAccountId.trim(),
  };
  return check(customerInputSchema, body, customerFields, isKey);
}

// ---------------------------------------------------------------------------------------------

export interface InteractionDraft {
  /** The <input type="datetime-local"> value (the browser's local time). */
  at: string;
  channel: InteractionChannel;
  summary: string;
  tag: string;
}

export type InteractionField = keyof InteractionDraft;
const interactionFields: readonly InteractionField[] = ['at', 'channel', 'summary', 'tag'];

/** A datetime-local value for an instant, in the browser's zone ('2026-11-25T09:30'). */
export function localDateTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export function emptyInteractionDraft(now: Date): InteractionDraft {
  return { at: localDateTime(now), channel: 'phone', summary: '', tag: '' };
}

export function checkInteraction(
  draft: InteractionDraft,
  isKey: IsKey,
): Check<InteractionInput, InteractionField> {
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(draft.at) ? new Date(draft.at) : null;
  const at = instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : draft.at;
  return check(interactionInputSchema, { ...draft, at }, interactionFields, isKey);
}

// ---------------------------------------------------------------------------------------------

export interface TaskDraft {
  title: string;
  /** YYYY-MM-DD (<input type="date">). */
  dueDate: string;
  /** '' for none. */
  customerId: string;
  tag: string;
}

export type TaskField = keyof TaskDraft;
const taskFields: readonly TaskField[] = ['title', 'dueDate', 'customerId', 'tag'];

export const emptyTaskDraft: TaskDraft = { title: '', dueDate: '', customerId: '', tag: '' };

export function checkTask(draft: TaskDraft, isKey: IsKey): Check<TaskInput, TaskField> {
  const body = { ...draft, customerId: draft.customerId === '' ? null : draft.customerId };
  return check(taskInputSchema, body, taskFields, isKey);
}
