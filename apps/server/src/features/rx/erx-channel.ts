import {
  type ErxOutcome,
  erxOutcome,
  type NewRxInput,
} from '@apothecall/domain/pharmacy/erx.rules';
import type { AccountsPort } from '../accounts/accounts.port';
import type { RosterPort } from '../clinic/roster.port';

import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import { newRxXml, readErxAnswer } from './erx-xml';
import type { RxRepo, RxVisitRecord } from './rx.repo';

const worst: Record<ErxOutcome, number> = { transmitted: 0, ERROR: 1, 'Transmit-Error': 2 };

/**
 * The eRx transmission channel (the seam to e-prescribing networks): after a claim, each current
 * prescription of the visit goes to the configured e-prescribing endpoint as an NCPDP SCRIPT NewRx
 * (XML over HTTPS), and the dashboard shows the outcome (transmitted, ERROR, Transmit-Error: the
 * worst of the visit's messages). Without ERX_URL no channel exists and the PDF is the only way. A
 * network failure is an outcome, never an error of the claim: the fee is paid, the PDF opens.
 */
export function createErxTransmitter(deps: {
  url: string;
  repo: Pick<RxRepo, 'prescriptionsOf'>;
  accounts: Pick<AccountsPort, 'person' | 'displayName'>;
  roster: Pick<RosterPort, 'profile'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}): (visit: RxVisitRecord, staff: PharmacyStaff) => Promise<ErxOutcome | null> {
  const send = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  return async (visit, staff) => {
    const [prescriptions, person] = await Promise.all([
      deps.repo.prescriptionsOf([visit.id]),
      deps.accounts.person(visit.personId),
    ]);
    if (!person || prescriptions.length === 0) return null;
    let outcome: ErxOutcome = 'transmitted';
    for (const p of prescriptions) {
      const [name, profile] = await Promise.all([
        deps.accounts.displayName(p.prescriberId),
        deps.roster.profile(p.prescriberId),
      ]);
      const parts = (name ?? '').trim().split(/\s+/);
      const message: NewRxInput = {
        messageId: `${visit.id}:${p.id}`,
        sentAt: now(),
        pharmacy: {
          ncpdpId: staff.organization.ncpdpId,
          npi: staff.organization.npi,
          name: staff.organization.name,
        },
        prescriber: {
          npi: profile?.npi ?? '',
          lastName: parts.at(-1) ?? '',
          firstName: parts.slice(0, -1).join(' '),
        },
        patient: {
          lastName: person.lastName,
          firstName: person.firstName,
          dob: person.dob,
          gender: person.gender,
        },
        medication: {
          description: `${p.medication} ${p.strength}`,
          quantity: p.quantity,
          refills: p.refills,
          directions: p.directions,
          writtenOn: p.createdAt.toISOString().slice(0, 10),
        },
      };
      let result: ErxOutcome;
      try {
        const res = await send(deps.url, {
          method: 'POST',
          headers: { 'content-type': 'application/xml; charset=utf-8' },
          body: await newRxXml(message),
          signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
        });
        result = erxOutcome(res.status, readErxAnswer(await res.text()));
      } catch {
        result = erxOutcome(null, { kind: 'unreadable' });
      }
      if (worst[result] > worst[outcome]) outcome = result;
    }
    return outcome;
  };
}
