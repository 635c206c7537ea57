import { randomUUID } from 'node:crypto';
import { maxDisclosureRows } from '@apothecall/domain/backoffice/disclosures.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, only, recordingAudit } from '../../../test/fakes';
import type { AuditTrailFilter, AuditTrailRow } from '../../platform/audit-trail.repo';
import type { AccountsPort, PersonFacts } from '../accounts/accounts.port';
import { createDisclosuresService, disclosuresCsv } from './disclosures.service';

/**
 * The accounting of disclosures, on fakes: admin and support read it (anyone else 403,
 * audited); the rows are the record's (the account and its people), with the actors' names
 * and roles, filtered by actor and by whole days in the caller's zone; each read and export is
 * itself audited against the record; an unknown or mismatched person is not found.
 */
const holderId = randomUUID();
const childId = randomUUID();
const strangerPerson = randomUUID();
const roles: Record<string, string> = {
  'admin-1': 'admin',
  'support-1': 'support',
  'rph-1': 'pharmacist',
};
const names: Record<string, string> = { [holderId]: 'Nora Quinn', 'support-1': 'Sam Support' };

function setUp(rowCount = 2) {
  const audit = recordingAudit();
  const asked: { filter: AuditTrailFilter; limit: number }[] = [];
  const person = (id: string, accountId: string) => ({ id, accountId }) as PersonFacts;
  const rows: AuditTrailRow[] = Array.from({ length: rowCount }, (_, i) => ({
    id: rowCount - i,
    at: new Date(Date.UTC(2026, 2, 2, 12, 0, rowCount - i)),
    actorAccountId: i === 0 ? 'support-1' : null,
    action: i === 0 ? 'backoffice.people.read' : 'login',
    outcome: 'success',
    subjectAccountId: holderId,
    subjectPersonId: i === 0 ? null : childId,
    ip: '203.0.113.5',
  }));
  const service = createDisclosuresService({
    accounts: only<AccountsPort>(
      {
        membership: async (id) =>
          roles[id]
            ? {
                role: roles[id],
                organizationType: null,
                organizationId: null,
                permissions: [],
                disabled: false,
              }
            : undefined,
        person: async (id) =>
          id === childId
            ? person(childId, holderId)
            : id === strangerPerson
              ? person(strangerPerson, 'someone-else')
              : undefined,
        family: async (id) =>
          id === holderId ? [person(holderId, holderId), person(childId, holderId)] : [],
        displayName: async (id) => names[id],
        role: async (id) => roles[id],
      },
      'accounts port',
    ),
    trail: {
      about: async (filter, limit) => {
        asked.push({ filter, limit });
        return rows.slice(0, limit);
      },
    },
    audit,
  });
  return { service, audit, asked };
}

describe('disclosures service', () => {
  it('refuses a role without the back office, audited, before reading anything', async () => {
    const { service, audit, asked } = setUp();
    await expect(service.list(fakeActor('rph-1'), { accountId: holderId })).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    expect(asked).toEqual([]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        action: 'backoffice.disclosures.read',
        detail: { need: 'read' },
      }),
    ]);
  });

  it("lists the record's rows with the actors' names and roles, audited as a read", async () => {
    const { service, audit, asked } = setUp();
    const answer = await service.list(fakeActor('support-1'), { personId: childId });
    expect(answer).toMatchObject({ accountId: holderId, name: 'Nora Quinn', truncated: false });
    expect(answer.rows).toEqual([
      expect.objectContaining({
        actorAccountId: 'support-1',
        actorName: 'Sam Support',
        actorRole: 'support',
        action: 'backoffice.people.read',
        personId: null,
      }),
      expect.objectContaining({
        actorAccountId: null,
        actorName: null,
        actorRole: null,
        personId: childId,
      }),
    ]);
    expect(asked[0]?.filter).toMatchObject({ accountId: holderId, personIds: [holderId, childId] });
    expect(asked[0]?.limit).toBe(maxDisclosureRows + 1);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'success',
        action: 'backoffice.disclosures.read',
        subject: { accountId: holderId },
        detail: { rows: 2 },
      }),
    ]);
  });

  it("filters by actor and by whole days in the caller's zone; an export is audited as one", async () => {
    const { service, audit, asked } = setUp();
    await service.list(
      fakeActor('admin-1'),
      { accountId: holderId, actor: 'support-1', from: '2026-03-01', to: '2026-03-02' },
      true,
    );
    expect(asked[0]?.filter).toMatchObject({
      actorAccountId: 'support-1',
      from: new Date('2026-03-01T05:00:00.000Z'),
      to: new Date('2026-03-03T05:00:00.000Z'),
    });
    expect(audit.rows.map((r) => r.action)).toEqual(['backoffice.disclosures.export']);
  });

  it('says when more rows exist than it shows', async () => {
    const { service } = setUp(maxDisclosureRows + 1);
    const answer = await service.list(fakeActor('admin-1'), { accountId: holderId });
    expect(answer.truncated).toBe(true);
    expect(answer.rows).toHaveLength(maxDisclosureRows);
  });

  it("answers an unknown account, an unknown person and another account's person as not found", async () => {
    const { service, audit, asked } = setUp();
    for (const filter of [
      { accountId: randomUUID() },
      { personId: randomUUID() },
      { accountId: holderId, personId: strangerPerson },
      {},
    ]) {
      await expect(service.list(fakeActor('admin-1'), filter)).rejects.toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    expect(asked).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('writes the CSV with every cell quoted and CRLF lines', () => {
    const csv = disclosuresCsv([
      {
        id: 1,
        at: '2026-03-02T12:00:00.000Z',
        actorAccountId: 'a',
        actorName: 'Sam "the" Support',
        actorRole: 'support',
        action: 'backoffice.people.read',
        outcome: 'success',
        ip: null,
        personId: null,
      },
    ]);
    expect(csv).toBe(
      '"at","actor_name","actor_role","actor_account_id","action","outcome","ip","person_id"\r\n' +
        '"2026-03-02T12:00:00.000Z","Sam ""the"" Support","support","a","backoffice.people.read","success","",""\r\n',
    );
  });
});
