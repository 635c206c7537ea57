import { describe, expect, it } from 'vitest';
import { fakeActor, recordingAudit } from '../../../test/fakes';
import { pdfText } from '../../../test/pdf-text';
import { appErrors } from '../../platform/errors';
import type { RxPrescriptionRecord, RxVisitRecord } from './rx.repo';
import { createRxDocumentsService } from './rx-documents.service';

const owner = '6f1d2a40-0000-4000-8000-0000000000a1';
const stranger = '6f1d2a40-0000-4000-8000-0000000000a2';
const day = (d: number) => new Date(Date.UTC(2026, 10, d, 15));

function visit(id: string, overrides: Partial<RxVisitRecord> = {}): RxVisitRecord {
  return {
    id,
    accountId: owner,
    personId: owner,
    idempotencyKey: `key-${id}`,
    productId: 'ldn',
    status: 'rxed',
    version: 3,
    location: 'FL',
    evaluation: {},
    consents: [{ id: 'ldn', versionDate: '2025-01-01', acceptedAt: '2026-11-02T15:00:00.000Z' }],
    alarms: [],
    idPending: false,
    attachmentsPending: false,
    statusComment: '',
    costCents: 4900,
    ledgerId: null,
    paidAt: day(2),
    prescriberId: 'prescriber-1',
    claimedAt: day(2),
    completed: true,
    refillOf: null,
    pharmacySeenAt: null,
    prescriptionChangedAt: null,
    pharmacyId: null,
    linkId: null,
    prepayRedemptionId: null,
    pharmacyStatus: null,
    pharmacyNote: '',
    prescribedAt: day(3),
    claimFeeEntryId: null,
    claimFeeCents: null,
    erxStatus: null,
    assessmentId: null,
    createdAt: day(2),
    updatedAt: day(3),
    ...overrides,
  };
}

function prescription(visitId: string, at: Date, supersededAt: Date | null = null) {
  return {
    id: `p-${visitId}-${at.getTime()}`,
    visitId,
    prescriberId: 'prescriber-1',
    medication: 'Naltrexone',
    strength: '4.5 mg',
    quantity: 30,
    refills: 2,
    directions: 'One capsule at bedtime',
    pharmacy: null,
    supersededAt,
    createdAt: at,
  } satisfies RxPrescriptionRecord;
}

/**
 * The Rx area's papers with fakes: who may read a visit is the visit services' answer (here the
 * owner only); the documents are listed by the day they were written.
 */
function setUp(visits: RxVisitRecord[], prescriptions: RxPrescriptionRecord[]) {
  const audit = recordingAudit();
  const ownVisit = async (actor: { accountId: string | null }, id: string) => {
    const found = visits.find((v) => v.id === id && v.accountId === actor.accountId);
    if (!found) throw appErrors.notFound();
    return found;
  };
  const service = createRxDocumentsService({
    repo: {
      prescriptionsOf: async (ids) => prescriptions.filter((p) => ids.includes(p.visitId)),
    },
    // Which visits are listed in a month is the database's answer (rx-document-papers.int.test.ts).
    papers: { prescriptions: undefined as never, consents: undefined as never },
    rx: { ownVisit },
    review: { visitFor: ownVisit },
    pharmacy: { visitForPdf: async () => Promise.reject(appErrors.notFound()) },
    accounts: {
      person: async (id) =>
        id === owner
          ? {
              id,
              accountId: owner,
              firstName: 'Maria',
              lastName: 'Rivera',
              dob: '1988-04-12',
              gender: 'F',
              phone: '305-555-0100',
              consultLocation: 'FL',
            }
          : undefined,
      postalAddress: async () => null,
      displayName: async () => 'Samuel Okafor',
    },
    roster: { profile: async () => ({ suffix: 'MD', npi: '1234567893', credential: {} }) },
    audit,
  });
  return { service, audit };
}

describe('rx-documents.service', () => {
  it("describes a prescription and a visit's consents in the reader's language; a visit that recorded no consents is left out", async () => {
    const { service } = setUp([], []);
    const paper = (id: string, consents: unknown) => ({
      source: 'consent' as const,
      id,
      personId: owner,
      at: day(2),
      data: { productId: 'ldn', consents },
    });
    const [rxed] = await service.prescriptions.describe(
      [{ ...paper('v1', []), source: 'prescription' }],
      'es',
    );
    expect(rxed).toMatchObject({ id: 'v1', personId: owner, at: day(2), ftype: 'application/pdf' });
    expect(rxed?.fdesc).toMatch(/^Receta: /);
    const consents = await service.consents.describe(
      [paper('v1', visit('v1').consents), paper('v2', []), paper('v3', 'not a list')],
      'en',
    );
    expect(consents.map((d) => d.id)).toEqual(['v1']);
    expect(consents[0]?.fdesc).toMatch(/^Signed consents: /);
  });

  it('prints the prescription for its owner and audits the read; anyone else gets not found', async () => {
    const { service, audit } = setUp([visit('v1')], [prescription('v1', day(3))]);
    const opened = await service.prescriptions.open(fakeActor(owner), 'v1');
    expect(opened).toMatchObject({ name: 'prescription.pdf', contentType: 'application/pdf' });
    expect(pdfText(opened.bytes)).toContain('Naltrexone');
    expect(audit.rows.map((r) => [r.action, r.subject?.personId])).toEqual([
      ['rx.prescription.pdf', owner],
    ]);
    await expect(service.prescriptions.open(fakeActor(stranger), 'v1')).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows).toHaveLength(1);
  });

  it('answers not found for a visit without a prescription, and prints nothing', async () => {
    const { service, audit } = setUp([visit('v1', { status: 'review' })], []);
    await expect(service.prescriptionPdf(fakeActor(owner), 'v1', 'patient')).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows).toEqual([]);
  });

  it('prints the signed consents for the prescriber’s review too, audited', async () => {
    const { service, audit } = setUp([visit('v1')], []);
    const pdf = await service.consentPdf(fakeActor(owner), 'v1', 'prescriber');
    expect(pdfText(pdf)).toContain('Maria Rivera');
    expect(audit.rows.map((r) => r.action)).toEqual(['rx.consents.pdf']);
  });
});
