import type { CustomerFields } from '@apothecall/domain/crm/crm.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { SchemaError } from '../../platform/errors';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { CrmRepo, CustomerRecord, TaskRecord } from './crm.repo';
import { createCrmService } from './crm.service';

const admin = '2b0e6c60-0000-4000-8000-000000000001';
const pharmacist = '2b0e6c60-0000-4000-8000-000000000002';
const floridaPatient = '2b0e6c60-0000-4000-8000-000000000003';
const texasPatient = '2b0e6c60-0000-4000-8000-000000000004';
const staffAccount = '2b0e6c60-0000-4000-8000-000000000005';
const orgId = 'org-bayfront';

const id = (n: number) => `2b0e6c60-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

function customer(n: number, overrides: Partial<CustomerRecord>): CustomerRecord {
  return {
    id: id(n),
    organizationId: orgId,
    name: `Customer ${n}`,
    email: '',
    phone: '',
    patientAccountId: null,
    notes: '',
    tag: 'Active',
    createdBy: admin,
    createdAt: new Date('2026-03-01T00:00:00.000Z'),
    updatedAt: new Date('2026-03-01T00:00:00.000Z'),
    ...overrides,
  };
}

/**
 * Bayfront's CRM: a Florida patient's customer, a Texas patient's, one with no patient written
 * down by the pharmacist, and one with no patient written down by the admin. The pharmacist's
 * grant names Florida; the admin has none (sees everything).
 */
function setUp() {
  const clock = fakeClock();
  const audit = recordingAudit();
  const customers: CustomerRecord[] = [
    customer(1, { name: 'Ana Lopez', patientAccountId: floridaPatient, phone: '+13055550142' }),
    customer(2, { name: 'Tom Reed', patientAccountId: texasPatient }),
    customer(3, { name: 'Walk In', createdBy: pharmacist }),
    customer(4, { name: 'Phone Caller', createdBy: admin }),
  ];
  const tasks: TaskRecord[] = [];
  const repo: Pick<
    CrmRepo,
    'customers' | 'customer' | 'insertCustomer' | 'tasks' | 'task' | 'insertTask' | 'updateTask'
  > = {
    customers: async (org) => customers.filter((c) => c.organizationId === org),
    customer: async (org, cid) => customers.find((c) => c.organizationId === org && c.id === cid),
    insertCustomer: async (row) => {
      const made = customer(customers.length + 1, { ...row });
      customers.push(made);
      return made;
    },
    tasks: async (org) => tasks.filter((t) => t.organizationId === org),
    task: async (org, tid) => tasks.find((t) => t.organizationId === org && t.id === tid),
    insertTask: async (row) => {
      const about = customers.find((c) => c.id === row.customerId);
      const tid = id(50 + tasks.length);
      tasks.push({
        id: tid,
        organizationId: row.organizationId,
        customerId: row.customerId ?? null,
        title: row.title,
        dueDate: row.dueDate,
        done: false,
        doneAt: null,
        tag: row.tag,
        createdBy: row.createdBy,
        createdAt: clock.now(),
        customerName: about?.name ?? null,
        customerPatientAccountId: about?.patientAccountId ?? null,
        customerCreatedBy: about?.createdBy ?? null,
      });
      return tid;
    },
    updateTask: async (_org, tid, fields) => {
      const task = tasks.find((t) => t.id === tid);
      if (!task) return false;
      Object.assign(task, fields);
      return true;
    },
  };
  const staffOf = (accountId: string): PharmacyStaff =>
    ({
      accountId,
      organization: { id: accountId === staffAccount ? 'org-other' : orgId, name: 'Bayfront' },
      role: accountId === admin ? 'admin' : 'pharmacist',
      readyRx: false,
      grant: accountId === admin ? null : { states: ['FL'], links: [], claimedOnly: false },
    }) as unknown as PharmacyStaff;
  const states = new Map<string, string | null>([
    [floridaPatient, 'FL'],
    [texasPatient, 'TX'],
  ]);
  const service = createCrmService({
    repo: repo as CrmRepo,
    pharmacy: { staff: async (actor) => staffOf(actor.accountId) },
    accounts: {
      membership: async (accountId) =>
        accountId === staffAccount
          ? {
              role: 'pharmacist',
              organizationType: 'pharmacy',
              organizationId: 'org-other',
              permissions: [],
              disabled: false,
            }
          : states.has(accountId)
            ? {
                role: 'patient',
                organizationType: null,
                organizationId: null,
                permissions: [],
                disabled: false,
              }
            : undefined,
      holderStates: async (ids) => new Map(ids.map((a) => [a, states.get(a) ?? null])),
    },
    audit,
    now: clock.now,
  });
  return { service, audit, customers, tasks, clock };
}

const fields = (overrides: Partial<CustomerFields> = {}): CustomerFields => ({
  name: 'New Customer',
  email: '',
  phone: '',
  patientAccountId: null,
  notes: '',
  tag: 'Active',
  ...overrides,
});

describe('crm service', () => {
  it('shows a pharmacist only the customers of their grant’s states and their own unlinked ones', async () => {
    const { service } = setUp();
    const theirs = await service.customers(fakeActor(pharmacist));
    expect(theirs.map((c) => c.name)).toEqual(['Ana Lopez', 'Walk In']);
    const all = await service.customers(fakeActor(admin));
    expect(all).toHaveLength(4);
  });

  it('answers a customer outside the grant or of another pharmacy 404, audited as denied', async () => {
    const { service, audit } = setUp();
    await expect(service.customer(fakeActor(pharmacist), id(2))).rejects.toMatchObject({
      status: 404,
      messageKey: 'crm.customerNotFound',
    });
    await expect(service.customer(fakeActor(staffAccount), id(1))).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.customer(fakeActor(admin), 'junk')).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        action: 'crm.access',
        detail: { what: 'customer.read', reason: 'not-found-or-not-allowed', target: id(2) },
      }),
      expect.objectContaining({
        outcome: 'denied',
        detail: expect.objectContaining({ target: id(1) }),
      }),
      expect.objectContaining({
        outcome: 'denied',
        detail: { what: 'customer.read', reason: 'not-found-or-not-allowed' },
      }),
    ]);
    const read = await service.customer(fakeActor(pharmacist), id(1));
    expect(read.name).toBe('Ana Lopez');
    expect(audit.rows.at(-1)).toMatchObject({
      action: 'crm.customer.read',
      subject: { accountId: floridaPatient },
      detail: { organizationId: orgId, customerId: id(1) },
    });
  });

  it('links only a patient, and for a pharmacist only one of their states', async () => {
    const { service, customers, audit } = setUp();
    const refusedAs = async (accountId: string, patient: string) => {
      const error = await service
        .createCustomer(fakeActor(accountId), fields({ patientAccountId: patient }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as SchemaError).issues).toEqual([
        { path: 'patientAccountId', message: 'crm.field.patient' },
      ]);
    };
    await refusedAs(admin, staffAccount);
    await refusedAs(pharmacist, texasPatient);
    expect(customers).toHaveLength(4);
    const made = await service.createCustomer(
      fakeActor(pharmacist),
      fields({ patientAccountId: floridaPatient, phone: '(305) 555-0199' }),
    );
    expect(made).toMatchObject({ phone: '+13055550199', patientAccountId: floridaPatient });
    expect(customers.at(-1)?.createdBy).toBe(pharmacist);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'crm.customer.create',
        subject: { accountId: floridaPatient },
        detail: { organizationId: orgId, customerId: made.id, tag: 'Active' },
      }),
    ]);
  });

  it('searches by every word and phone digits, and audits how many were shown, not the words', async () => {
    const { service, audit } = setUp();
    const found = await service.searchCustomers(fakeActor(admin), {
      query: '305 555',
      tag: '',
      page: 1,
    });
    expect(found).toMatchObject({ total: 1, page: 1 });
    expect(found.customers.map((c) => c.name)).toEqual(['Ana Lopez']);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'crm.customers.list',
        detail: { organizationId: orgId, count: 1, page: 1, searched: true },
      }),
    ]);
  });

  it('marks a task done with its time, and undone without it', async () => {
    const { service, clock, audit } = setUp();
    const task = await service.createTask(fakeActor(admin), {
      title: 'Call back',
      dueDate: '2026-03-05',
      customerId: id(1),
      tag: 'Urgent',
    });
    expect(task).toMatchObject({ customerName: 'Ana Lopez', done: false, doneAt: null });
    clock.advance(60_000);
    const done = await service.updateTask(fakeActor(admin), task.id, { done: true });
    expect(done).toMatchObject({ done: true, doneAt: '2026-03-02T15:01:00.000Z' });
    const undone = await service.updateTask(fakeActor(admin), task.id, { done: false });
    expect(undone).toMatchObject({ done: false, doneAt: null });
    expect(audit.rows.map((r) => [r.action, r.subject])).toEqual([
      ['crm.task.create', { accountId: floridaPatient }],
      ['crm.task.update', { accountId: floridaPatient }],
      ['crm.task.update', { accountId: floridaPatient }],
    ]);
  });
});
