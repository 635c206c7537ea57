import {
  type PrepayNotificationSettings,
  type PrepayProgramView,
  prepayNotificationSettingsSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { Actor } from '../../platform/actor';
import { appErrors } from '../../platform/errors';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayRepo, ProgramRecord } from './prepay.repo';

/** The notification settings as stored (validated on the way in; defaults if ever unreadable). */
export function notificationsOf(
  program: Pick<ProgramRecord, 'notifications'>,
): PrepayNotificationSettings {
  const parsed = prepayNotificationSettingsSchema.safeParse(program.notifications);
  if (parsed.success) return parsed.data;
  const off = { email: false, sms: false };
  return {
    email: null,
    phone: null,
    lowBalance: off,
    prepayClaimed: off,
    prepayRx: off,
    prepayRxDenied: off,
  };
}

/**
 * Programs as their holder or an authorized user sees them: the visits used, the pharmacy
 * and the pharmacies a program is restricted to, named.
 */
export function createProgramViews(deps: {
  repo: Pick<PrepayRepo, 'visitsUsed' | 'users'>;
  pharmacy: Pick<PharmacyPort, 'organization'>;
  emailOf: (accountId: string) => Promise<string>;
}) {
  async function pharmaciesNamed(ids: readonly string[]) {
    const found = await Promise.all(ids.map((id) => deps.pharmacy.organization(id)));
    return found.flatMap((o) => (o ? [{ id: o.id, name: o.name }] : []));
  }

  async function views(
    actor: Actor,
    programs: readonly ProgramRecord[],
  ): Promise<PrepayProgramView[]> {
    const used = await deps.repo.visitsUsed(programs.map((p) => p.id));
    const email = await deps.emailOf(actor.accountId);
    return Promise.all(
      programs.map(async (p) => {
        const owner = p.ownerAccountId === actor.accountId;
        const users = owner ? [] : await deps.repo.users(p.id);
        const pharmacy = p.organizationId
          ? await deps.pharmacy.organization(p.organizationId)
          : undefined;
        return {
          id: p.id,
          code: p.code,
          owner,
          authorized: !owner && users.some((u) => u.email === email),
          name: p.name,
          description: p.description,
          balance: p.balance,
          visitCount: p.visitCount,
          visitsUsed: used.get(p.id) ?? 0,
          rewardAmt: p.rewardAmtCents,
          programAmt: p.programAmtCents,
          patientAmt: p.patientAmtCents,
          priceMsg: p.priceMsg,
          visitType: 'rx' as const,
          perAccountLimit: p.perAccountLimit,
          reuseIntervalDays: p.reuseIntervalDays,
          lowBalanceLimit: p.lowBalanceLimit,
          reasonRestriction: p.reasonRestriction,
          pharmacyRestriction: p.pharmacyRestriction,
          checkoutMessage: p.checkoutMessage,
          notifications: notificationsOf(p),
          pharmacy: pharmacy ? { id: pharmacy.id, name: pharmacy.name } : null,
          pharmacies: await pharmaciesNamed(p.pharmacyRestriction),
          createdAt: p.createdAt.toISOString(),
        };
      }),
    );
  }

  async function view(actor: Actor, program: ProgramRecord) {
    const [one] = await views(actor, [program]);
    if (!one) throw appErrors.notFound();
    return one;
  }

  return { views, view };
}
