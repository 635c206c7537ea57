import { describe, expect, it } from 'vitest';
import { memoryRxRepo, only, rxId, rxVisit } from '../../../test/fakes-rx';
import { createEventBus } from '../../platform/events';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail.service';
import type { SmsSender } from '../../platform/sms.service';
import type { PharmacyOrganizationRecord, PharmacyPort } from '../pharmacy/pharmacy.port';
import { pharmacyNoticeJob, queuePharmacyNotices } from './pharmacy-notice.job';
import { visitSnapshot } from './rx.views';

function recordingJobs() {
  const sent: { name: string; payload: unknown; key: string | undefined }[] = [];
  const jobs: Pick<Jobs, 'send'> = {
    async send(name, payload, options) {
      const key = options?.idempotencyKey;
      if (key && sent.some((s) => s.key === key)) return null;
      sent.push({ name, payload, key });
      return String(sent.length);
    },
  };
  return { jobs, sent };
}

describe('queuePharmacyNotices', () => {
  it('queues one notice per visit and version when a prescription reaches a pharmacy', async () => {
    const events = createEventBus({ onError: (what, error) => expect.fail(`${what}: ${error}`) });
    const { jobs, sent } = recordingJobs();
    queuePharmacyNotices(events, jobs);
    const withPharmacy = rxVisit({ status: 'rxed', pharmacyId: rxId(), version: 3 });
    const withoutPharmacy = rxVisit({ status: 'rxed', pharmacyId: null });

    await events.emit('rx.prescribed', { visit: visitSnapshot(withPharmacy) });
    await events.emit('rx.prescribed', { visit: visitSnapshot(withPharmacy) });
    await events.emit('rx.prescribed', { visit: visitSnapshot(withoutPharmacy) });

    expect(sent).toEqual([
      {
        name: 'rx.pharmacyNotice',
        payload: { visitId: withPharmacy.id },
        key: `rx.pharmacyNotice:${withPharmacy.id}:3`,
      },
    ]);
  });
});

describe('pharmacyNoticeJob', () => {
  const run = { id: 'run-1', attempt: 1, signal: new AbortController().signal };
  const organization = {
    id: rxId(),
    name: 'Sunrise Pharmacy',
    notifyEmail: 'rx@sunrise.example',
    notifyPhone: '+13055550100',
  } as PharmacyOrganizationRecord;

  function setup(visit: ReturnType<typeof rxVisit>) {
    const mails: { to: string; subject: string; text: string }[] = [];
    const texts: { to: string; body: string }[] = [];
    const arrived: unknown[] = [];
    const job = pharmacyNoticeJob({
      repo: memoryRxRepo({ visits: [visit] }),
      pharmacy: only<Pick<PharmacyPort, 'organization'>>({
        organization: async (id) => (id === organization.id ? organization : undefined),
      }),
      mailer: only<Mailer>({
        send: async (message) => {
          mails.push(message);
        },
      }),
      sms: only<SmsSender>({
        send: async (to, body) => {
          texts.push({ to, body });
        },
      }),
      publicUrl: 'https://care.example',
      events: {
        emit: async (_name, payload) => {
          arrived.push(payload);
        },
      },
    });
    return { job, mails, texts, arrived };
  }

  it('tells the pharmacy by e-mail and text, naming neither patient nor medication', async () => {
    const visit = rxVisit({
      status: 'rxed',
      pharmacyId: organization.id,
      pharmacyStatus: 'unclaimed',
    });
    const { job, mails, texts, arrived } = setup(visit);
    await job.handler({ visitId: visit.id }, run);

    expect(arrived).toEqual([{ visitId: visit.id, pharmacyId: organization.id }]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('rx@sunrise.example');
    expect(mails[0]?.text).toContain('Sunrise Pharmacy');
    expect(mails[0]?.text).toContain('https://care.example/#/prescriptions');
    expect(texts.map((t) => t.to)).toEqual(['+13055550100']);
    for (const sent of [...mails.map((m) => `${m.subject} ${m.text}`), texts[0]?.body ?? '']) {
      expect(sent).not.toContain(visit.personId);
      expect(sent).not.toContain(visit.id);
    }
  });

  it('stays quiet once the visit was claimed before the job ran', async () => {
    const visit = rxVisit({
      status: 'rxed',
      pharmacyId: organization.id,
      pharmacyStatus: 'claimed',
    });
    const { job, mails, texts, arrived } = setup(visit);
    await job.handler({ visitId: visit.id }, run);
    expect([mails, texts, arrived]).toEqual([[], [], []]);
  });
});
