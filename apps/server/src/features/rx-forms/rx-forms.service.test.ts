import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit, recordingEvents } from '../../../test/fakes';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import type { PersonFacts } from '../accounts/accounts.port';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { RxVisitRef } from '../rx/rx.port';
import type { RxFormRequestRecord, RxFormsRepo } from './rx-forms.repo';
import { createRxFormsService } from './rx-forms.service';

const holder = '6f1d2a40-0000-4000-8000-0000000000a1';
const stranger = '6f1d2a40-0000-4000-8000-0000000000a2';
const pharmacistId = '6f1d2a40-0000-4000-8000-0000000000d1';
const pharmacy = aPharmacy();
const visit: RxVisitRef = {
  id: randomUUID(),
  accountId: holder,
  personId: holder,
  productId: 'acute',
  pharmacyId: pharmacy.id,
};
const ana: PersonFacts = {
  id: holder,
  accountId: holder,
  firstName: 'Ana',
  lastName: 'Diaz',
  dob: '1990-04-02',
  gender: 'F',
  phone: null,
  consultLocation: 'FL',
};

/** The requests table in memory: one open request per form and visit, moves only from requested. */
function memoryFormsRepo(): RxFormsRepo & { rows: RxFormRequestRecord[] } {
  const rows: RxFormRequestRecord[] = [];
  const pending = (id: string) => rows.find((r) => r.id === id && r.status === 'requested');
  return {
    rows,
    async insert(input) {
      if (
        rows.some(
          (r) =>
            r.visitId === input.visitId && r.formId === input.formId && r.status === 'requested',
        )
      ) {
        return undefined;
      }
      const row: RxFormRequestRecord = {
        id: randomUUID(),
        status: 'requested',
        designeeName: null,
        requestedAt: new Date(),
        signedAt: null,
        signedBy: null,
        signedName: null,
        signedLang: null,
        withdrawnAt: null,
        withdrawnBy: null,
        ...input,
      };
      rows.push(row);
      return row;
    },
    async byId(id) {
      return rows.find((r) => r.id === id);
    },
    async ofVisit(visitId, organizationId) {
      return rows.filter((r) => r.visitId === visitId && r.organizationId === organizationId);
    },
    async ofAccount(accountId) {
      return rows.filter((r) => r.accountId === accountId && r.status !== 'withdrawn');
    },
    // The documents list reads it in the database (rx-forms.int.test.ts lists a signed form).
    papers: undefined as never,
    async sign(id, accountId, signature) {
      const row = pending(id);
      if (!row || row.accountId !== accountId) return undefined;
      Object.assign(row, signature, { status: 'signed' });
      return { ...row };
    },
    async withdraw(id, organizationId, by, at) {
      const row = pending(id);
      if (!row || row.organizationId !== organizationId) return undefined;
      Object.assign(row, { status: 'withdrawn', withdrawnBy: by, withdrawnAt: at });
      return { ...row };
    },
  };
}

function setup(options: { claimed?: boolean; organization?: typeof pharmacy } = {}) {
  const repo = memoryFormsRepo();
  const audit = recordingAudit();
  const events = recordingEvents();
  const staff = { organization: options.organization ?? pharmacy } as PharmacyStaff;
  const forms = createRxFormsService({
    repo,
    rx: {
      pharmacyVisit: async () => ({ ...visit, staff, claimed: options.claimed ?? true }),
      ownVisit: async (actor) => {
        if (actor.accountId !== holder) throw new Error('the rx port answers 404 here');
        return visit;
      },
    },
    accounts: {
      person: async (id) => (id === holder ? ana : undefined),
      family: async () => [ana],
    },
    pharmacy: { organization: async () => pharmacy },
    audit,
    events,
    ...fakeClock(),
  });
  return { forms, repo, audit, events };
}

const hipaa = { formId: 'hipaaNotice' as const, designeeName: '' };

describe('form signing on Rx visits', () => {
  it('asks only on a claimed visit, one open request per form, audited and told to the holder', async () => {
    const unclaimed = setup({ claimed: false });
    await expect(
      unclaimed.forms.request(fakeActor(pharmacistId), visit.id, hipaa),
    ).rejects.toMatchObject({ status: 409, code: 'PHARMACY_NOT_CLAIMED' });
    expect(unclaimed.repo.rows).toEqual([]);
    const { forms, audit, events } = setup();
    const asked = await forms.request(fakeActor(pharmacistId), visit.id, hipaa);
    expect(asked).toMatchObject({ formId: 'hipaaNotice', status: 'requested', designeeName: null });
    await expect(forms.request(fakeActor(pharmacistId), visit.id, hipaa)).rejects.toMatchObject({
      status: 409,
      code: 'RX_FORM_ALREADY_REQUESTED',
    });
    expect(audit.rows.map((r) => [r.action, r.detail?.formRequestId])).toEqual([
      ['rxForms.request', asked.id],
    ]);
    expect(events.emitted).toEqual([
      { name: 'rxForms.requested', payload: { formRequestId: asked.id, accountId: holder } },
    ]);
  });

  it('is signed once by the holder with their full name; another name is refused', async () => {
    const { forms, repo, audit } = setup();
    const asked = await forms.request(fakeActor(pharmacistId), visit.id, hipaa);
    await expect(
      forms.sign(fakeActor(holder), visit.id, asked.id, { fullName: 'Someone Else' }),
    ).rejects.toMatchObject({ issues: [{ path: 'fullName', message: 'rxForms.nameMismatch' }] });
    const signed = await forms.sign(fakeActor(holder), visit.id, asked.id, {
      fullName: 'Ana Diaz',
    });
    expect(signed).toMatchObject({
      status: 'signed',
      patientName: 'Ana Diaz',
      pharmacyName: pharmacy.name,
    });
    expect(repo.rows[0]).toMatchObject({
      signedBy: holder,
      signedName: 'Ana Diaz',
      signedLang: 'en',
    });
    await expect(
      forms.sign(fakeActor(holder), visit.id, asked.id, { fullName: 'Ana Diaz' }),
    ).rejects.toMatchObject({ status: 409, code: 'RX_FORM_NOT_PENDING' });
    expect(audit.rows.filter((r) => r.action === 'rxForms.sign')).toHaveLength(1);
  });

  it('answers another pharmacy’s request as not found, audited as denied, and withdraws only a waiting one', async () => {
    const { forms, repo } = setup();
    const asked = await forms.request(fakeActor(pharmacistId), visit.id, hipaa);
    const other = setup({ organization: aPharmacy() });
    other.repo.rows.push(...repo.rows);
    await expect(
      other.forms.withdraw(fakeActor(pharmacistId), visit.id, asked.id),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(other.audit.rows).toEqual([
      expect.objectContaining({ outcome: 'denied', action: 'rxForms.withdraw' }),
    ]);
    expect((await forms.withdraw(fakeActor(pharmacistId), visit.id, asked.id)).status).toBe(
      'withdrawn',
    );
    await expect(forms.withdraw(fakeActor(pharmacistId), visit.id, asked.id)).rejects.toMatchObject(
      {
        status: 409,
        code: 'RX_FORM_NOT_PENDING',
      },
    );
  });

  it('gives no PDF before the form is signed, and none of another account’s forms', async () => {
    const { forms, audit } = setup();
    const asked = await forms.request(fakeActor(pharmacistId), visit.id, hipaa);
    await expect(
      forms.pharmacyPdf(fakeActor(pharmacistId), visit.id, asked.id),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(forms.documents.open(fakeActor(stranger), asked.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['success', 'rxForms.request'],
      ['denied', 'rxForms.pdf'],
    ]);
  });
});
