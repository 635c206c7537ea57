import {
  type VisitNoteTopic,
  visitNoteSubject,
} from '@apothecall/domain/care/visit-note-topic.rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, persons } from '../schema/accounts';
import { providerProfiles } from '../schema/clinic';
import { notes } from '../schema/notes';

const day = 86_400_000;

/**
 * Two past visit notes (fictional), written by the demo provider, days before the seed ran.
 * Each has its topic, so its subject reads in the reader's language, as a visit's note does.
 */
const demoNotes: { daysAgo: number; topic: VisitNoteTopic; body: string }[] = [
  {
    daysAgo: 12,
    topic: { kind: 'visit', reason: 'soreThroat' },
    body: [
      'Chief complaint: sore throat for two days, no fever.',
      'Assessment: viral pharyngitis is most likely; no signs of strep on history.',
      'Plan: fluids, rest, throat lozenges and acetaminophen as needed.',
      'Return or start a new visit if fever above 101 F, trouble swallowing or symptoms beyond 7 days.',
    ].join('\n'),
  },
  {
    daysAgo: 47,
    topic: { kind: 'visit', reason: 'coughCold' },
    body: [
      'Chief complaint: cough, congestion and a runny nose for four days; no shortness of breath.',
      'Assessment: common cold (viral upper respiratory infection).',
      'Plan: fluids, rest, saline rinse and honey for the cough; start a new visit if not better in 10 days or if fever or trouble breathing.',
    ].join('\n'),
  },
];

/**
 * Gives the demo patient two past notes from provider@apothecall.test, so /notes is not empty
 * in the demo. Idempotent: nothing happens once the patient has any note.
 */
export async function seedDemoNotes(db: Db, now: Date = new Date()): Promise<void> {
  const [patient] = await db
    .select({ id: persons.id, accountId: persons.accountId })
    .from(persons)
    .innerJoin(accounts, eq(accounts.id, persons.accountId))
    .where(and(eq(accounts.loginId, 'patient@apothecall.test'), eq(persons.relation, 'self')))
    .limit(1);
  const [provider] = await db
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      suffix: providerProfiles.suffix,
      credential: providerProfiles.credential,
    })
    .from(accounts)
    .innerJoin(persons, eq(persons.id, accounts.id))
    .innerJoin(providerProfiles, eq(providerProfiles.accountId, accounts.id))
    .where(eq(accounts.loginId, 'provider@apothecall.test'))
    .limit(1);
  if (!patient || !provider) return;
  const existing = await db
    .select({ id: notes.id })
    .from(notes)
    .where(eq(notes.personId, patient.id))
    .limit(1);
  if (existing.length > 0) return;
  const name = `${provider.firstName} ${provider.lastName}${provider.suffix ? `, ${provider.suffix}` : ''}`;
  await db.insert(notes).values(
    demoNotes.map((note) => ({
      accountId: patient.accountId,
      personId: patient.id,
      providerId: provider.id,
      providerName: name,
      author: name,
      subject: visitNoteSubject('en', note.topic),
      topic: note.topic,
      body: note.body,
      providerCredential: provider.credential,
      createdAt: new Date(now.getTime() - note.daysAgo * day),
    })),
  );
}
