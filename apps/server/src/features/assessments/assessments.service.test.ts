import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { hashCode, newResetCode } from '../../platform/codes';
import type { MailMessage } from '../../platform/mail.service';
import type { LinkedPatient } from '../accounts/accounts.port';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { AssessmentRecord, AssessmentsRepo } from './assessments.repo';
import { createAssessmentsService } from './assessments.service';

const pharmacist = '3e1f7a50-0000-4000-8000-000000000001';
const patient = '3e1f7a50-0000-4000-8000-000000000002';
const orgId = 'org-bayfront';

/** A UTI intake for Ana in `state` (what the pharmacist's form sends). */
function uti(state = 'FL', language: 'en' | 'es' = 'es') {
  return {
    form: 'uti',
    patient: {
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.test',
      dob: '04-12-1990',
      gender: 'F',
      phone: '305-555-0101',
      state,
      language,
    },
    symptoms: ['dysuria', 'frequency'],
    onsetDays: 2,
    history: {
      pregnantOrBreastfeeding: false,
      allergies: 'Sulfa drugs',
      medications: '',
      recentAntibiotics: false,
      recurrentInfections: true,
      conditions: ['diabetes'],
    },
    tests: { flu: 'notDone', covid: 'negative', strep: 'notDone', urineDipstick: 'leukocytes' },
    comments: 'Burning for two days.',
  } as never;
}

/** Bayfront Drugs (FL, ships to FL and GA); the pharmacist's grant names `grantStates`. */
function setUp(options: { grantStates?: string[]; linked?: LinkedPatient } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const rows: AssessmentRecord[] = [];
  const mails: MailMessage[] = [];
  const links: { codeHash: string; language: string }[] = [];
  const staff = {
    accountId: pharmacist,
    organization: { id: orgId, name: 'Bayfront Drugs', state: 'FL', serviceStates: ['FL', 'GA'] },
    role: 'pharmacist',
    readyRx: false,
    grant: { states: options.grantStates ?? ['FL', 'GA'], links: [], claimedOnly: false },
  } as unknown as PharmacyStaff;
  const repo: Pick<AssessmentsRepo, 'insert' | 'byCodeHash' | 'continueOne'> = {
    insert: async (row) => {
      const stored = {
        id: '3e1f7a50-0000-4000-8000-0000000000a1',
        status: 'sent',
        continuedAt: null,
        rxVisitId: null,
        createdAt: clock.now(),
        ...row,
      } as AssessmentRecord;
      rows.push(stored);
      return stored;
    },
    byCodeHash: async (hash) => rows.find((r) => r.codeHash === hash),
    continueOne: async () => false,
  };
  const service = createAssessmentsService({
    repo: repo as AssessmentsRepo,
    pharmacy: {
      staff: async () => staff,
      verifiedStaff: async () => staff,
      organization: async () => staff.organization,
    },
    accounts: {
      patientForLink: async (_origin, input) => {
        links.push({ codeHash: input.codeHash, language: input.language });
        return options.linked ?? { ok: true, accountId: patient, created: true, language: 'es' };
      },
      passwordLinkOpen: async () => true,
      loginId: async () => 'ana@example.test',
    },
    audit,
    mailer: {
      send: async (message) => {
        mails.push(message);
      },
      deliver: async () => undefined,
      close: () => {},
    },
    publicUrl: 'https://app.example.test',
    minRegistrationAge: 18,
    now: clock.now,
  });
  return { service, audit, rows, mails, links, clock };
}

describe('assessments service', () => {
  it('refuses a state where assessments are not offered or not granted, storing and sending nothing', async () => {
    const { service, audit, rows, mails, links } = setUp({ grantStates: ['FL'] });
    await expect(service.submit(fakeActor(pharmacist), uti('NY'))).rejects.toMatchObject({
      status: 400,
      code: 'ASSESSMENT_STATE_UNAVAILABLE',
      params: { state: 'NY' },
    });
    await expect(service.submit(fakeActor(pharmacist), uti('TX'))).rejects.toMatchObject({
      status: 400,
      code: 'PHARMACY_NOT_AVAILABLE',
    });
    await expect(service.submit(fakeActor(pharmacist), uti('GA'))).rejects.toMatchObject({
      status: 403,
      code: 'ASSESSMENT_STATE_NOT_GRANTED',
    });
    expect(rows).toEqual([]);
    expect(mails).toEqual([]);
    expect(links).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.detail?.reason])).toEqual([
      ['denied', 'state-unavailable'],
      ['denied', 'pharmacy-not-serving'],
      ['denied', 'state-not-granted'],
    ]);
  });

  it('stores the intake with its code’s hash and e-mails the link only, in the patient’s language', async () => {
    const { service, audit, rows, mails, links } = setUp();
    const made = await service.submit(fakeActor(pharmacist), uti('FL', 'es'));
    expect(made).toMatchObject({
      form: 'uti',
      state: 'FL',
      patientName: 'Ana Lopez',
      status: 'sent',
      accountCreated: true,
      expiresAt: expect.any(String),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: patient, language: 'es', organizationId: orgId });
    expect(links).toEqual([{ codeHash: rows[0]?.codeHash, language: 'es' }]);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.to).toBe('ana@example.test');
    const code = /instore\?code=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(hashCode(code)).toBe(rows[0]?.codeHash);
    expect(mail?.text).toContain('Bayfront Drugs');
    expect(mail?.text).not.toContain('Burning');
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'success',
        action: 'assessment.submit',
        subject: { accountId: patient },
        detail: expect.objectContaining({ form: 'uti', state: 'FL', accountCreated: true }),
      }),
    ]);
  });

  it('refuses an e-mail that belongs to a staff or closed account', async () => {
    const { service, audit, rows, mails } = setUp({
      linked: { ok: false, reason: 'not-a-patient' },
    });
    await expect(service.submit(fakeActor(pharmacist), uti())).rejects.toMatchObject({
      status: 409,
      code: 'ASSESSMENT_EMAIL_UNAVAILABLE',
    });
    expect(rows).toEqual([]);
    expect(mails).toEqual([]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        detail: { organizationId: orgId, reason: 'not-a-patient' },
      }),
    ]);
  });

  it('checks a link: unknown is 404, expired is 410, a good one names the pharmacy', async () => {
    const { service, audit, mails, clock } = setUp();
    const caller = { ...fakeActor(patient), accountId: null };
    await expect(service.check(caller, newResetCode())).rejects.toMatchObject({
      status: 404,
      code: 'ASSESSMENT_CODE_INVALID',
    });
    await service.submit(fakeActor(pharmacist), uti());
    const code = /instore\?code=([^\s]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    expect(await service.check(caller, code)).toEqual({
      form: 'uti',
      pharmacyName: 'Bayfront Drugs',
      loginId: 'ana@example.test',
      needsPassword: true,
    });
    clock.advance(400 * 86_400_000);
    await expect(service.check(caller, code)).rejects.toMatchObject({
      status: 410,
      code: 'ASSESSMENT_CODE_EXPIRED',
    });
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'assessment.link.check'],
      ['success', 'assessment.submit'],
      ['success', 'assessment.link.check'],
      ['denied', 'assessment.link.check'],
    ]);
  });

  it('continues a link once: a used or expired one is refused and audited', async () => {
    const { service, audit } = setUp();
    await expect(
      service.continueOnce(fakeActor(patient), '3e1f7a50-0000-4000-8000-0000000000a1'),
    ).rejects.toMatchObject({ status: 410, code: 'ASSESSMENT_CODE_USED' });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        action: 'assessment.continue',
        detail: { assessmentId: '3e1f7a50-0000-4000-8000-0000000000a1', reason: 'used-or-expired' },
      }),
    ]);
  });
});
