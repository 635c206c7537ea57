import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { EventBus } from '../../platform/events';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import './care.events';
import type { CareRepo } from './care.repo';
import { careVisitSnapshot } from './care.views';
import type { VisitRecordsRepo } from './visit-records.repo';

const releasedKey: MessageKey = 'providers.visitReleased';

/**
 * A deactivated provider's visits go back to the line. Each visit they had claimed and
 * not ended moves from inProgress to waiting (one conditional statement: a visit they end at the
 * same moment is ended or released, never both), and the patient is told in their language: a
 * note in the visit's messages (the record) and a text. Audited per visit as a change of the
 * patient's record; the line and the visit are announced as on any move.
 */
export function createVisitRelease(deps: {
  repo: Pick<CareRepo, 'inProgressFor' | 'release'>;
  records: Pick<VisitRecordsRepo, 'insertMessage'>;
  accounts: Pick<AccountsPort, 'holderContact'>;
  brands: Pick<BrandsPort, 'byId'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  sendSms: (to: string, body: string) => Promise<void>;
  onError: (error: unknown) => void;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Releases the provider's unfinished visits; how many went back to the line. */
    async releaseProviderVisits(actor: Actor, providerId: string): Promise<number> {
      let released = 0;
      for (const visit of await deps.repo.inProgressFor(providerId)) {
        const at = now();
        const back = await deps.repo.release(visit.id, providerId, at);
        if (!back) continue;
        released += 1;
        const contact = await deps.accounts.holderContact(visit.accountId);
        const lang: Lang = contact?.language === 'es' ? 'es' : 'en';
        const text = translate(lang, releasedKey);
        await deps.records.insertMessage({
          visitId: visit.id,
          owner: actor.accountId,
          clientId: null,
          type: 'notice',
          text,
          phone: null,
          attachments: [],
        });
        await deps.audit.record(
          actor,
          'visit.release',
          { accountId: visit.accountId, personId: visit.personId },
          { visitId: visit.id, providerId },
        );
        await deps.events.emit('care.queueChanged', { state: visit.location });
        await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(back) });
        if (contact?.phone) {
          try {
            const brand = (await deps.brands.byId(contact.brandId)).name;
            await deps.sendSms(contact.phone, `${brand}: ${text}`);
          } catch (error) {
            deps.onError(error);
          }
        }
      }
      return released;
    },
  };
}
