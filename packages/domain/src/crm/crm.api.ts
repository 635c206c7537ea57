/**
 * The pharmacy CRM (spec sections 2 and 3, "Tag colour sets"): a pharmacy's
 * customers, its interactions with them and its tasks, each with ONE tag of its set. One
 * contract for server and web: the server validates with these schemas and the web's forms
 * check with the same ones. Every field's message is a catalogue key naming the field, so a
 * refusal reads 'Customer tag: choose one of the tags listed.' in the caller's language.
 *
 * Everything belongs to the caller's pharmacy organisation: another pharmacy's ids answer 404.
 */
import { z } from 'zod';
import { customerTags, interactionTags, taskTags } from '../brands/brands.schemas';
import { idSchema, isoDateSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';

export { customerTags, interactionTags, taskTags };
export type CustomerTag = (typeof customerTags)[number];
export type InteractionTag = (typeof interactionTags)[number];
export type TaskTag = (typeof taskTags)[number];

/** How an interaction happened. */
export const interactionChannels = ['phone', 'email', 'inStore', 'other'] as const;
export type InteractionChannel = (typeof interactionChannels)[number];

export const maxCustomerName = 200;
export const maxCustomerNotes = 2000;
export const maxInteractionSummary = 2000;
export const maxTaskTitle = 200;

const key = (k: MessageKey) => ({ error: k });

export const customerTagSchema = z.enum(customerTags, key('crm.field.customerTag'));
export const interactionTagSchema = z.enum(interactionTags, key('crm.field.interactionTag'));
export const taskTagSchema = z.enum(taskTags, key('crm.field.taskTag'));

// ===========================================================================================
// Customers
// ===========================================================================================

/** POST /pharmacy/crm/customers and PUT /pharmacy/crm/customers/{id} (the whole customer). */
export const customerInputSchema = z.object({
  name: z
    .string(key('crm.field.name'))
    .trim()
    .min(1, key('crm.field.name'))
    .max(maxCustomerName, key('crm.field.name')),
  /** Optional: '' when not known. */
  email: z
    .string(key('crm.field.email'))
    .trim()
    .max(254, key('crm.field.email'))
    .regex(/^(|[^\s@]+@[^\s@]+\.[^\s@]+)$/, key('crm.field.email'))
    .default(''),
  /** Optional: '' when not known; digits with the usual separators, 7 to 20 digits. */
  phone: z
    .string(key('crm.field.phone'))
    .trim()
    .max(32, key('crm.field.phone'))
    .refine((value) => {
      if (value === '') return true;
      const digits = value.replace(/\D/g, '').length;
      return /^\+?[0-9 ().-]+$/.test(value) && digits >= 7 && digits <= 20;
    }, key('crm.field.phone'))
    .default(''),
  /**
   * The customer's patient account, when they have one (linked by the pharmacy). Shown only to
   * this pharmacy's staff; must be a patient's account.
   */
  patientAccountId: z.uuid(key('crm.field.patient')).nullable().default(null),
  notes: z
    .string(key('crm.field.notes'))
    .trim()
    .max(maxCustomerNotes, key('crm.field.notes'))
    .default(''),
  tag: customerTagSchema,
});
export type CustomerInput = z.input<typeof customerInputSchema>;
export type CustomerFields = z.output<typeof customerInputSchema>;

export const customerViewSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  patientAccountId: idSchema.nullable(),
  notes: z.string(),
  tag: z.enum(customerTags),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type CustomerView = z.infer<typeof customerViewSchema>;

/** Customers a page of POST /pharmacy/crm/customers/search. */
export const crmCustomersPageSize = 20;

/**
 * POST /pharmacy/crm/customers/search: the customers whose name, e-mail or phone has every word
 * of `query` (a phone matches by its digits, however it was typed), of one tag or all, by name,
 * a page of 20.
 */
export const crmCustomersSearchRequestSchema = z.object({
  query: z
    .string({ error: 'lists.field.query' })
    .trim()
    .max(100, { error: 'lists.field.query' })
    .default(''),
  /** '' for every tag. */
  tag: z.union([customerTagSchema, z.literal('')], key('crm.field.customerTag')).default(''),
  page: z
    .number({ error: 'lists.field.page' })
    .int({ error: 'lists.field.page' })
    .min(1, { error: 'lists.field.page' })
    .max(10_000, { error: 'lists.field.page' })
    .default(1),
});
export type CrmCustomersSearchRequest = z.input<typeof crmCustomersSearchRequestSchema>;
export const crmCustomersSearchResponseSchema = z.object({
  error: z.literal(false),
  customers: z.array(customerViewSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Customers matching the query and tag (every page). */
  total: z.number().int().nonnegative(),
});
export type CrmCustomersSearchResponse = z.infer<typeof crmCustomersSearchResponseSchema>;

/** GET /pharmacy/crm/customers: the pharmacy's customers by name. */
export const customersResponseSchema = z.object({
  error: z.literal(false),
  customers: z.array(customerViewSchema),
});
export type CustomersResponse = z.infer<typeof customersResponseSchema>;

/** GET, POST, PUT of one customer. */
export const customerResponseSchema = z.object({
  error: z.literal(false),
  customer: customerViewSchema,
});
export type CustomerResponse = z.infer<typeof customerResponseSchema>;

// ===========================================================================================
// Interactions
// ===========================================================================================

/** POST /pharmacy/crm/customers/{id}/interactions. `at` defaults to now. */
export const interactionInputSchema = z.object({
  at: z.iso.datetime({ offset: true, ...key('crm.field.at') }).optional(),
  channel: z.enum(interactionChannels, key('crm.field.channel')),
  summary: z
    .string(key('crm.field.summary'))
    .trim()
    .min(1, key('crm.field.summary'))
    .max(maxInteractionSummary, key('crm.field.summary')),
  tag: interactionTagSchema,
});
export type InteractionInput = z.input<typeof interactionInputSchema>;
export type InteractionFields = z.output<typeof interactionInputSchema>;

export const interactionViewSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  at: isoDateTimeSchema,
  channel: z.enum(interactionChannels),
  summary: z.string(),
  tag: z.enum(interactionTags),
  createdAt: isoDateTimeSchema,
});
export type InteractionView = z.infer<typeof interactionViewSchema>;

/** GET /pharmacy/crm/customers/{id}/interactions: newest first. */
export const interactionsResponseSchema = z.object({
  error: z.literal(false),
  interactions: z.array(interactionViewSchema),
});
export type InteractionsResponse = z.infer<typeof interactionsResponseSchema>;

export const interactionResponseSchema = z.object({
  error: z.literal(false),
  interaction: interactionViewSchema,
});
export type InteractionResponse = z.infer<typeof interactionResponseSchema>;

// ===========================================================================================
// Tasks
// ===========================================================================================

const taskTitleSchema = z
  .string(key('crm.field.title'))
  .trim()
  .min(1, key('crm.field.title'))
  .max(maxTaskTitle, key('crm.field.title'));
const dueDateSchema = z.iso.date(key('crm.field.dueDate'));
const taskCustomerSchema = z.uuid(key('crm.field.customer')).nullable();

/** POST /pharmacy/crm/tasks. */
export const taskInputSchema = z.object({
  title: taskTitleSchema,
  /** YYYY-MM-DD. */
  dueDate: dueDateSchema,
  /** The customer the task is about (one of this pharmacy's), or none. */
  customerId: taskCustomerSchema.default(null),
  tag: taskTagSchema,
});
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskFields = z.output<typeof taskInputSchema>;

/** PUT /pharmacy/crm/tasks/{id}: the fields to change (at least one); `done` completes it. */
export const taskUpdateSchema = z
  .object({
    title: taskTitleSchema.optional(),
    dueDate: dueDateSchema.optional(),
    customerId: taskCustomerSchema.optional(),
    tag: taskTagSchema.optional(),
    done: z.boolean(key('crm.field.done')).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), key('crm.field.nothing'));
export type TaskUpdate = z.input<typeof taskUpdateSchema>;
export type TaskUpdateFields = z.output<typeof taskUpdateSchema>;

export const taskViewSchema = z.object({
  id: idSchema,
  title: z.string(),
  dueDate: isoDateSchema,
  done: z.boolean(),
  doneAt: isoDateTimeSchema.nullable(),
  customerId: idSchema.nullable(),
  /** The customer's name, for the list. */
  customerName: z.string().nullable(),
  tag: z.enum(taskTags),
  createdAt: isoDateTimeSchema,
});
export type TaskView = z.infer<typeof taskViewSchema>;

/** GET /pharmacy/crm/tasks: open tasks by due date, then done ones (most recent first). */
export const tasksResponseSchema = z.object({
  error: z.literal(false),
  tasks: z.array(taskViewSchema),
});
export type TasksResponse = z.infer<typeof tasksResponseSchema>;

export const taskResponseSchema = z.object({
  error: z.literal(false),
  task: taskViewSchema,
});
export type TaskResponse = z.infer<typeof taskResponseSchema>;
