import { randomUUID } from 'node:crypto';
import type {
  PharmacistGrantRecord,
  PharmacyLinkRecord,
  PharmacyOrganizationRecord,
} from '../src/features/pharmacy/pharmacy.port';
import type { MailMessage } from '../src/platform/mail.service';

/** Fakes of the pharmacy area's records and of the mail it sends, for its services' unit tests. */

/** A verified pharmacy in Florida, serving Florida and Georgia. */
export function aPharmacy(
  overrides: Partial<PharmacyOrganizationRecord> = {},
): PharmacyOrganizationRecord {
  const at = new Date('2026-01-05T12:00:00.000Z');
  return {
    id: randomUUID(),
    name: 'Sunrise Pharmacy',
    ncpdpId: '1234567',
    npi: '1234567890',
    address1: '1 Main St',
    address2: 'Suite 2',
    city: 'Tampa',
    state: 'FL',
    zip: '33601',
    phone: '8135550100',
    fax: '8135550101',
    acceptsErx: true,
    serviceStates: ['FL', 'GA'],
    notifyEmail: 'desk@sunrise.test',
    notifyPhone: null,
    verifiedAt: at,
    mismatches: [],
    createdAt: at,
    ...overrides,
  };
}

/** A pharmacist's live grant at the pharmacy. */
export function aGrant(
  organizationId: string,
  accountId: string,
  overrides: Partial<PharmacistGrantRecord> = {},
): PharmacistGrantRecord {
  return {
    id: randomUUID(),
    organizationId,
    accountId,
    email: 'pharmacist@example.test',
    states: ['FL'],
    links: [],
    claimedOnly: false,
    invitedBy: null,
    createdAt: new Date('2026-01-06T12:00:00.000Z'),
    revokedAt: null,
    ...overrides,
  };
}

/** An Rx link of the pharmacy for a treatment. */
export function aLink(
  organizationId: string,
  overrides: Partial<PharmacyLinkRecord> = {},
): PharmacyLinkRecord {
  return {
    id: 'link12345678',
    organizationId,
    screenId: 'ldn',
    medListId: null,
    comment: null,
    createdAt: new Date('2026-01-07T12:00:00.000Z'),
    deletedAt: null,
    ...overrides,
  };
}

/** A mailer that keeps what it was asked to send. */
export function recordingMailer() {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message: MailMessage) {
      sent.push(message);
    },
  };
}
