import { presenceTouchMs } from '@apothecall/domain/care/visits.rules';
import type { AreaModule, ModuleContext } from '../../platform/module';
import { socketIdentity } from '../../platform/realtime';
import type { RosterPort } from './roster.port';
import { createRosterRepo } from './roster.repo';

/**
 * The clinic (the provider console): today it owns the provider roster (licences, duty,
 * credentials) that care, accounts and notes ask through its port. The console's queue, claim
 * and end-visit rules live with the visits they act on (features/care/clinic.service.ts).
 *
 * Presence: on duty follows the provider. Their authenticated requests and their
 * sockets' heartbeats mark them seen (in the database, so every process agrees); ending their
 * last session (logout, idle auto-logoff, expiry) switches them off duty; the care area's
 * minute job switches off whoever was not seen within the grace.
 */
export function clinicModule(ctx: ModuleContext): AreaModule & { port: RosterPort } {
  const { platform } = ctx;
  const now = platform.clock.now ?? (() => new Date());
  const roster = createRosterRepo(ctx.db, now);
  const warn = platform.warn('presence not written');

  // This process writes an account's presence at most every presenceTouchMs (the statement is
  // conditional too, for the other processes): a busy console costs one write in 30 s.
  const written = new Map<string, number>();
  const seen = (accountId: string) => {
    const at = now();
    const last = written.get(accountId);
    if (last !== undefined && at.getTime() - last < presenceTouchMs) return;
    if (written.size >= 10_000) written.clear();
    written.set(accountId, at.getTime());
    roster.seen(accountId, at).catch(warn);
  };
  platform.sessions.onActive(seen);
  platform.sessions.onRevoked(async (revoked) => {
    const accountId =
      revoked.kind === 'session'
        ? revoked.accountId
        : revoked.exceptSessionId
          ? undefined
          : revoked.accountId;
    if (!accountId) return;
    try {
      if (!(await roster.isOnDuty(accountId))) return;
      // Another device still signed in keeps them on duty (the grace still applies to it).
      if (revoked.kind === 'session' && (await platform.sessions.hasLiveSession(accountId))) return;
      written.delete(accountId);
      await roster.setDuty(accountId, false, now());
    } catch (error) {
      warn(error);
    }
  });

  return {
    name: 'clinic',
    port: roster,
    sockets: (socket) => {
      const { accountId, meetVisitId } = socketIdentity(socket);
      if (meetVisitId) return;
      seen(accountId);
      // engine.io's heartbeat: every packet the client sends, its pongs included (~25 s).
      socket.conn.on('heartbeat', () => seen(accountId));
    },
  };
}
