import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  get,
  login,
  newPatient,
  type Patient,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { invitedPharmacist } from '../../../test/pharmacists';
import { crmCustomers, crmInteractions, crmTasks } from '../../db/schema/crm';
import { auditLog } from '../../db/schema/platform';

const sunrisePharmacist = 'pharmacist@apothecall.test';
const sunriseAdmin = 'pharmacy-admin@apothecall.test';
const loneStarPharmacist = 'lonestar-pharmacist@apothecall.test';

/**
 * The pharmacy CRM through the whole app: a pharmacist keeps a customer with a
 * tag, an interaction and a task, and completes the task; the pharmacy's administrator sees the
 * same; another pharmacy sees none of it and gets 404 for its ids (audited as denied); a patient
 * gets 403; a tag outside its set is 400 naming the field in the caller's language and changes
 * nothing. One app per database.
 */
describe.each(databaseKinds)('Pharmacy CRM on %s', (kind) => {
  let t: TestApp;
  let pharmacist: string;
  let admin: string;
  let other: string;
  let patient: Patient;
  let customerId: string;
  let interactionId: string;
  let taskId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [pharmacist, admin, other] = await Promise.all([
      login(t, sunrisePharmacist),
      login(t, sunriseAdmin),
      login(t, loneStarPharmacist),
    ]);
    patient = await newPatient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async () => {
    const [customers] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmCustomers);
    const [interactions] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmInteractions);
    const [tasks] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(crmTasks);
    return { customers: customers?.n, interactions: interactions?.n, tasks: tasks?.n };
  };
  const audits = (action: string, outcome = 'success') =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, outcome)));

  it('lets a pharmacist add a VIP customer linked to a patient, a complaint and an urgent task, and complete it', async () => {
    const created = await send(t, 'POST', '/api/pharmacy/crm/customers', pharmacist, {
      name: 'Nora Quinn',
      email: 'nora@example.test',
      phone: '305-555-0142',
      patientAccountId: patient.accountId,
      notes: 'Prefers morning pick-ups',
      tag: 'VIP',
    });
    expect(created.statusCode, created.body).toBe(200);
    const customer = created.json().customer;
    expect(customer).toMatchObject({
      name: 'Nora Quinn',
      email: 'nora@example.test',
      // Typed 305-555-0142, kept in E.164.
      phone: '+13055550142',
      patientAccountId: patient.accountId,
      tag: 'VIP',
    });
    customerId = customer.id;

    const at = '2026-11-20T15:30:00.000Z';
    const interaction = await send(
      t,
      'POST',
      `/api/pharmacy/crm/customers/${customerId}/interactions`,
      pharmacist,
      { at, channel: 'phone', summary: 'Refill was late', tag: 'Complaint' },
    );
    expect(interaction.statusCode, interaction.body).toBe(200);
    expect(interaction.json().interaction).toMatchObject({
      customerId,
      at,
      channel: 'phone',
      tag: 'Complaint',
    });
    interactionId = interaction.json().interaction.id;

    const task = await send(t, 'POST', '/api/pharmacy/crm/tasks', pharmacist, {
      title: 'Call Nora back',
      dueDate: '2026-11-26',
      customerId,
      tag: 'Urgent',
    });
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json().task).toMatchObject({
      title: 'Call Nora back',
      dueDate: '2026-11-26',
      done: false,
      doneAt: null,
      customerId,
      customerName: 'Nora Quinn',
      tag: 'Urgent',
    });
    taskId = task.json().task.id;

    // Listed, for the pharmacist and for the pharmacy's administrator alike.
    for (const token of [pharmacist, admin]) {
      const customers = (await get(t, '/api/pharmacy/crm/customers', token)).json().customers;
      expect(customers.map((c: { id: string; tag: string }) => [c.id, c.tag])).toEqual([
        [customerId, 'VIP'],
      ]);
      const interactions = (
        await get(t, `/api/pharmacy/crm/customers/${customerId}/interactions`, token)
      ).json().interactions;
      expect(interactions.map((i: { id: string; tag: string }) => [i.id, i.tag])).toEqual([
        [interactionId, 'Complaint'],
      ]);
      const tasks = (await get(t, '/api/pharmacy/crm/tasks', token)).json().tasks;
      expect(tasks.map((x: { id: string; tag: string }) => [x.id, x.tag])).toEqual([
        [taskId, 'Urgent'],
      ]);
    }

    const done = await send(t, 'PUT', `/api/pharmacy/crm/tasks/${taskId}`, pharmacist, {
      done: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().task).toMatchObject({ id: taskId, done: true, tag: 'Urgent' });
    expect(done.json().task.doneAt).toEqual(expect.any(String));
    const listed = (await get(t, '/api/pharmacy/crm/tasks', admin)).json().tasks;
    expect(listed).toMatchObject([{ id: taskId, done: true }]);

    // The customer's tag changes with the whole record.
    const edited = await send(t, 'PUT', `/api/pharmacy/crm/customers/${customerId}`, admin, {
      ...customer,
      tag: 'NeedsFollowUp',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().customer).toMatchObject({ id: customerId, tag: 'NeedsFollowUp' });
    const read = await get(t, `/api/pharmacy/crm/customers/${customerId}`, pharmacist);
    expect(read.json().customer).toMatchObject({ tag: 'NeedsFollowUp', notes: customer.notes });
  });

  it('audits reads and changes of a customer with the linked patient as the subject, ids only', async () => {
    for (const action of [
      'crm.customer.create',
      'crm.customer.update',
      'crm.customer.read',
      'crm.interaction.create',
      'crm.interactions.read',
      'crm.task.create',
      'crm.task.update',
    ]) {
      const rows = await audits(action);
      expect({ action, rows: rows.length > 0 }).toEqual({ action, rows: true });
      for (const row of rows) {
        expect(row.subjectAccountId).toBe(patient.accountId);
        expect(JSON.stringify(row.detail)).not.toMatch(/Nora|Refill|morning/);
      }
    }
    expect((await audits('crm.customers.list')).length).toBeGreaterThan(0);
  });

  it("answers another pharmacy's staff 404 for every id and shows them nothing", async () => {
    const before = await count();
    const deniedBefore = (await audits('crm.access', 'denied')).length;
    expect((await get(t, '/api/pharmacy/crm/customers', other)).json().customers).toEqual([]);
    expect((await get(t, '/api/pharmacy/crm/tasks', other)).json().tasks).toEqual([]);
    const calls = [
      get(t, `/api/pharmacy/crm/customers/${customerId}`, other),
      send(t, 'PUT', `/api/pharmacy/crm/customers/${customerId}`, other, {
        name: 'Taken over',
        tag: 'Inactive',
      }),
      get(t, `/api/pharmacy/crm/customers/${customerId}/interactions`, other),
      send(t, 'POST', `/api/pharmacy/crm/customers/${customerId}/interactions`, other, {
        channel: 'email',
        summary: 'Hello',
        tag: 'Info',
      }),
      send(t, 'PUT', `/api/pharmacy/crm/tasks/${taskId}`, other, { done: false }),
      send(t, 'POST', '/api/pharmacy/crm/tasks', other, {
        title: 'Poach',
        dueDate: '2026-12-01',
        customerId,
        tag: 'LowPriority',
      }),
      // An interaction's id is not a customer's; unknown and malformed ids answer alike.
      get(t, `/api/pharmacy/crm/customers/${interactionId}/interactions`, pharmacist),
      get(t, `/api/pharmacy/crm/customers/${randomUUID()}`, pharmacist),
      send(t, 'PUT', '/api/pharmacy/crm/tasks/not-an-id', pharmacist, { done: true }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });
    }
    expect(await count()).toEqual(before);
    const denied = await audits('crm.access', 'denied');
    expect(denied.length - deniedBefore).toBe(calls.length);
    // Nothing of Sunrise's changed.
    const task = (await get(t, '/api/pharmacy/crm/tasks', pharmacist)).json().tasks[0];
    expect(task).toMatchObject({ id: taskId, done: true });
    const customer = (await get(t, `/api/pharmacy/crm/customers/${customerId}`, admin)).json()
      .customer;
    expect(customer).toMatchObject({ name: 'Nora Quinn', tag: 'NeedsFollowUp' });
  });

  it('refuses a patient with 403', async () => {
    for (const res of [
      await get(t, '/api/pharmacy/crm/customers', patient.token),
      await get(t, '/api/pharmacy/crm/tasks', patient.token),
      await send(t, 'POST', '/api/pharmacy/crm/customers', patient.token, {
        name: 'Me',
        tag: 'VIP',
      }),
      await get(t, `/api/pharmacy/crm/customers/${customerId}`, patient.token),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'PHARMACY_ONLY' });
    }
  });

  it("answers an unknown tag 400 naming the field in the caller's language, and changes nothing", async () => {
    const before = await count();
    const english = await send(t, 'POST', '/api/pharmacy/crm/customers', pharmacist, {
      name: 'Gold member',
      tag: 'Gold',
    });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ error: true, errorCode: 'VALIDATION' });
    expect(english.json().errorMsg).toContain('Customer tag');
    const spanish = await t.fastify.inject({
      method: 'POST',
      url: '/api/pharmacy/crm/customers',
      headers: { ...bearer(pharmacist), 'x-app-params': 'lang=es' },
      payload: { name: 'Gold member', tag: 'Gold' },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().errorMsg).toContain('Etiqueta del cliente');

    for (const [res, field] of [
      [
        await send(t, 'PUT', `/api/pharmacy/crm/customers/${customerId}`, pharmacist, {
          name: 'Nora Quinn',
          tag: 'Urgent',
        }),
        'Customer tag',
      ],
      [
        await send(t, 'POST', `/api/pharmacy/crm/customers/${customerId}/interactions`, admin, {
          channel: 'phone',
          summary: 'Hi',
          tag: 'VIP',
        }),
        'Interaction tag',
      ],
      [
        await send(t, 'POST', '/api/pharmacy/crm/tasks', pharmacist, {
          title: 'Later',
          dueDate: '2026-12-01',
          tag: 'Someday',
        }),
        'Task tag',
      ],
      [
        await send(t, 'PUT', `/api/pharmacy/crm/tasks/${taskId}`, pharmacist, { tag: 'Gold' }),
        'Task tag',
      ],
      [
        await send(t, 'POST', '/api/pharmacy/crm/customers', pharmacist, {
          name: 'Staff link',
          tag: 'Active',
          // Another pharmacy's pharmacist is not a patient.
          patientAccountId: (
            await t.fastify.inject({
              method: 'GET',
              url: '/api/account/profile',
              headers: bearer(other),
            })
          ).json().profile.id,
        }),
        'Patient account',
      ],
      // Digits enough for the form, but no number of its country's plan.
      [
        await send(t, 'POST', '/api/pharmacy/crm/customers', pharmacist, {
          name: 'Wrong number',
          phone: '123-456-7890',
          tag: 'Active',
        }),
        'The phone number is not a valid number',
      ],
      [
        await send(t, 'PUT', `/api/pharmacy/crm/customers/${customerId}`, pharmacist, {
          name: 'Nora Quinn',
          phone: '555-0142',
          tag: 'Active',
        }),
        'The phone number is not a valid number',
      ],
    ] as const) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorMsg).toContain(field);
    }
    expect(await count()).toEqual(before);
    const customer = (await get(t, `/api/pharmacy/crm/customers/${customerId}`, admin)).json()
      .customer;
    expect(customer.tag).toBe('NeedsFollowUp');
    const task = (await get(t, '/api/pharmacy/crm/tasks', admin)).json().tasks[0];
    expect(task.tag).toBe('Urgent');
  });

  it('limits a GA-only pharmacist to GA customers, their interactions and tasks; the admin sees all', async () => {
    const georgia = await invitedPharmacist(t, admin, ['GA']);
    const gaPatient = await newPatient(t, {
      state: 'GA',
      zipCode: '30303',
      address: '1 Peachtree St',
    });
    const customer = async (token: string, body: object) => {
      const res = await send(t, 'POST', '/api/pharmacy/crm/customers', token, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().customer.id as string;
    };
    const fl = await customer(admin, {
      name: 'Fay Florida',
      patientAccountId: patient.accountId,
      tag: 'Active',
    });
    const ga = await customer(admin, {
      name: 'Gus Georgia',
      patientAccountId: gaPatient.accountId,
      tag: 'Active',
    });
    // No patient linked: no state; entered by the admin.
    const unlinked = await customer(admin, { name: 'Walk-in', tag: 'Prospect' });
    const interaction = await send(
      t,
      'POST',
      `/api/pharmacy/crm/customers/${fl}/interactions`,
      admin,
      {
        channel: 'phone',
        summary: 'Asked about a refill',
        tag: 'Query',
      },
    );
    expect(interaction.statusCode, interaction.body).toBe(200);
    const task = async (body: object) => {
      const res = await send(t, 'POST', '/api/pharmacy/crm/tasks', admin, {
        dueDate: '2026-12-01',
        tag: 'Urgent',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().task.id as string;
    };
    const flTask = await task({ title: 'Call Fay', customerId: fl });
    const gaTask = await task({ title: 'Call Gus', customerId: ga });
    const openTask = await task({ title: 'Order gloves' });

    const customerIds = async (token: string) =>
      (await get(t, '/api/pharmacy/crm/customers', token))
        .json()
        .customers.map((c: { id: string }) => c.id);
    const taskIds = async (token: string) =>
      (await get(t, '/api/pharmacy/crm/tasks', token))
        .json()
        .tasks.map((x: { id: string }) => x.id);

    const seen = await customerIds(georgia.token);
    expect(seen).toContain(ga);
    for (const hidden of [fl, unlinked, customerId]) expect(seen).not.toContain(hidden);
    const tasks = await taskIds(georgia.token);
    expect(tasks).toEqual(expect.arrayContaining([gaTask, openTask]));
    expect(tasks).not.toContain(flTask);
    expect(tasks).not.toContain(taskId);
    expect((await get(t, `/api/pharmacy/crm/customers/${ga}`, georgia.token)).statusCode).toBe(200);
    expect(
      (await get(t, `/api/pharmacy/crm/customers/${ga}/interactions`, georgia.token)).statusCode,
    ).toBe(200);

    // Outside the grant: 404 as for an unknown id, audited as denied, nothing changed.
    const before = await count();
    const deniedBefore = (await audits('crm.access', 'denied')).length;
    const calls = [
      get(t, `/api/pharmacy/crm/customers/${fl}`, georgia.token),
      get(t, `/api/pharmacy/crm/customers/${unlinked}`, georgia.token),
      get(t, `/api/pharmacy/crm/customers/${fl}/interactions`, georgia.token),
      send(t, 'PUT', `/api/pharmacy/crm/customers/${fl}`, georgia.token, {
        name: 'Renamed',
        tag: 'Inactive',
      }),
      send(t, 'POST', `/api/pharmacy/crm/customers/${fl}/interactions`, georgia.token, {
        channel: 'email',
        summary: 'Hello',
        tag: 'Info',
      }),
      send(t, 'PUT', `/api/pharmacy/crm/tasks/${flTask}`, georgia.token, { done: true }),
      send(t, 'PUT', `/api/pharmacy/crm/tasks/${gaTask}`, georgia.token, { customerId: fl }),
      send(t, 'POST', '/api/pharmacy/crm/tasks', georgia.token, {
        title: 'About Fay',
        dueDate: '2026-12-01',
        customerId: fl,
        tag: 'LowPriority',
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });
    }
    expect(await count()).toEqual(before);
    expect((await audits('crm.access', 'denied')).length - deniedBefore).toBe(calls.length);

    // A Florida patient cannot be linked by them (refused like a non-patient); Georgia's can.
    const linkFl = await send(t, 'PUT', `/api/pharmacy/crm/customers/${ga}`, georgia.token, {
      name: 'Gus Georgia',
      patientAccountId: patient.accountId,
      tag: 'Active',
    });
    expect(linkFl.statusCode, linkFl.body).toBe(400);
    expect(linkFl.json().errorMsg).toContain('Patient account');
    // What they enter without a patient is theirs to see (and the admin's).
    const own = await customer(georgia.token, { name: 'Phone enquiry', tag: 'Prospect' });
    expect(await customerIds(georgia.token)).toContain(own);
    expect((await get(t, `/api/pharmacy/crm/customers/${own}`, georgia.token)).statusCode).toBe(
      200,
    );
    const linked = await customer(georgia.token, {
      name: 'Gus again',
      patientAccountId: gaPatient.accountId,
      tag: 'VIP',
    });

    // The admin sees every customer and task, whatever the state.
    expect(await customerIds(admin)).toEqual(
      expect.arrayContaining([fl, ga, unlinked, own, linked, customerId]),
    );
    expect(await taskIds(admin)).toEqual(
      expect.arrayContaining([flTask, gaTask, openTask, taskId]),
    );
    expect((await get(t, `/api/pharmacy/crm/customers/${fl}`, admin)).statusCode).toBe(200);
  });

  it('documents its calls in the OpenAPI document', async () => {
    const doc = await t.fastify.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/pharmacy/crm/customers',
        '/api/pharmacy/crm/customers/{id}',
        '/api/pharmacy/crm/customers/{id}/interactions',
        '/api/pharmacy/crm/tasks',
        '/api/pharmacy/crm/tasks/{id}',
      ]),
    );
    expect(paths['/api/pharmacy/crm/tasks/{id}'].put.requestBody).toBeDefined();
  });
});
