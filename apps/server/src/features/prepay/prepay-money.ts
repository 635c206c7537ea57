import {
  type MoneyPrepayFilters,
  type MoneyPrepayProgram,
  moneyPlansPageSize,
} from '@apothecall/domain/backoffice/money-plans.api';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayMoneyRepo } from './prepay-money.repo';

export interface PrepayMoneyService {
  list(
    actor: Actor,
    filters: MoneyPrepayFilters,
  ): Promise<{ programs: MoneyPrepayProgram[]; page: number; pageSize: number; total: number }>;
}

/**
 * The back office's money console, its prepay programs list: every program across
 * pharmacies, newest first, 50 a page, filtered by brand and pharmacy: visits bought, used and
 * left (the balance), access tokens issued, used and left, what was sold and the last sale.
 * Read-only. The caller's back-office access to 'money' is checked on every call as the payments
 * area's money console does (admin only; support's is 'none'; refusals audited as denied), and
 * every listed program is audited as a read of its holder's record (the name is shown).
 */
export function createPrepayMoneyService(deps: {
  repo: PrepayMoneyRepo;
  accounts: Pick<AccountsPort, 'membership' | 'brandsAndNames'>;
  pharmacy: Pick<PharmacyPort, 'organization'>;
  audit: AuditService;
}): PrepayMoneyService {
  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor) => gate(actor, 'money', 'read');

  return {
    async list(actor, filters) {
      await allow(actor);
      const { programs, total } = await deps.repo.page(
        filters,
        (filters.page - 1) * moneyPlansPageSize,
        moneyPlansPageSize,
      );
      const totals = await deps.repo.totals(programs.map((p) => p.id));
      const holders = await deps.accounts.brandsAndNames([
        ...new Set(programs.map((p) => p.ownerAccountId)),
      ]);
      const pharmacies = new Map<string, string>();
      for (const id of new Set(
        programs.flatMap((p) => (p.organizationId ? [p.organizationId] : [])),
      )) {
        pharmacies.set(id, (await deps.pharmacy.organization(id))?.name ?? id);
      }
      await Promise.all(
        programs.map((p) =>
          deps.audit.record(
            actor,
            'backoffice.money.prepay',
            { accountId: p.ownerAccountId },
            { programId: p.id },
          ),
        ),
      );
      return {
        programs: programs.map((p) => {
          const sum = totals.get(p.id);
          const bought = sum?.visits ?? 0;
          return {
            id: p.id,
            name: p.name,
            brand: p.brandId,
            pharmacyId: p.organizationId,
            pharmacy: p.organizationId ? (pharmacies.get(p.organizationId) ?? null) : null,
            owner: holders.get(p.ownerAccountId)?.name ?? '',
            visitsBought: bought,
            visitsUsed: Math.max(0, bought - p.balance),
            balance: p.balance,
            tokensIssued: sum?.issued ?? 0,
            tokensUsed: sum?.used ?? 0,
            tokensLeft: sum?.left ?? 0,
            sold: sum?.cents ?? 0,
            lastSale: sum?.last ? sum.last.toISOString() : null,
            createdAt: p.createdAt.toISOString(),
          };
        }),
        page: filters.page,
        pageSize: moneyPlansPageSize,
        total,
      };
    },
  };
}
