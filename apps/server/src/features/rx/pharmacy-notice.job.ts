import type { EventBus } from '../../platform/events';
import './rx.events';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { JobDefinition, JobPayloads, Jobs } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail.service';
import type { SmsSender } from '../../platform/sms.service';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxRepo } from './rx.repo';

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** A prescription reached a pharmacy's dashboard: tell the pharmacy (no PHI in the notice). */
    'rx.pharmacyNotice': { visitId: string };
  }
}

/**
 * Queues the pharmacy notice when a prescription reaches a pharmacy (`rx.prescribed` with a
 * pharmacy on the visit): once per visit and version, so a repeated event sends nothing more.
 */
export function queuePharmacyNotices(events: Pick<EventBus, 'on'>, jobs: Pick<Jobs, 'send'>): void {
  events.on('rx.prescribed', async ({ visit }) => {
    if (!visit.pharmacyId) return;
    await jobs.send(
      'rx.pharmacyNotice',
      { visitId: visit.id },
      { idempotencyKey: `rx.pharmacyNotice:${visit.id}:${visit.version}` },
    );
  });
}

/**
 * Tells a pharmacy that a new prescription waits on its dashboard, by e-mail and/or SMS to the
 * addresses it gave. The notice names the pharmacy and links to the dashboard: never
 * the patient or the medication. Sent once per visit (the send's idempotency key); a visit that
 * is no longer unclaimed when the job runs is not announced.
 */
export function pharmacyNoticeJob(deps: {
  repo: Pick<RxRepo, 'visit'>;
  pharmacy: Pick<PharmacyPort, 'organization'>;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  events?: Pick<EventBus, 'emit'>;
}): JobDefinition<JobPayloads, 'rx.pharmacyNotice'> {
  return {
    name: 'rx.pharmacyNotice',
    options: { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
    async handler({ visitId }) {
      const visit = await deps.repo.visit(visitId);
      if (!visit?.pharmacyId || visit.pharmacyStatus !== 'unclaimed') return;
      const organization = await deps.pharmacy.organization(visit.pharmacyId);
      if (!organization) return;
      await deps.events?.emit('rx.pharmacyVisitArrived', {
        visitId: visit.id,
        pharmacyId: visit.pharmacyId,
      });
      const params = {
        pharmacy: organization.name,
        link: `${deps.publicUrl}/#/prescriptions`,
      };
      if (organization.notifyEmail) {
        await deps.mailer.send({
          to: organization.notifyEmail,
          subject: translate('en', 'pharmacy.notify.newVisit.subject', params),
          text: translate('en', 'pharmacy.notify.newVisit.body', params),
        });
      }
      if (organization.notifyPhone) {
        await deps.sms.send(
          organization.notifyPhone,
          translate('en', 'pharmacy.notify.newVisit.sms', params),
        );
      }
    },
  };
}
