import { z } from 'zod';
import { translate } from '../i18n/catalog';
import type { Lang } from '../i18n/i18n.rules';
import { careReasons } from './care-reasons';

/**
 * What a visit's note is about, kept language-neutral beside the note (when the server
 * wrote the subject once, in the provider's language, the Spanish app showed 'Video visit:
 * Sore throat'). Every reader gets the subject in their own language from the catalogue; the
 * stored subject line is the writer's rendering, kept for notes that have no topic.
 */
export const visitNoteTopicSchema = z.object({
  /** 'visit': a visit that took place; 'notCompleted': refunded, the provider could not treat. */
  kind: z.enum(['visit', 'notCompleted']),
  /** The care reason's id, as the patient chose it. */
  reason: z.string(),
});

export type VisitNoteTopic = z.infer<typeof visitNoteTopicSchema>;

/** The care reason as people read it; an id no longer offered reads as 'care'. */
export function careReasonLabel(lang: Lang, reasonId: string): string {
  const reason = careReasons.find((r) => r.id === reasonId);
  return reason ? translate(lang, reason.labelKey) : translate(lang, 'care.reason.other');
}

/** The note's subject line in the reader's language. */
export function visitNoteSubject(lang: Lang, topic: VisitNoteTopic): string {
  return translate(
    lang,
    topic.kind === 'notCompleted' ? 'care.note.refundSubject' : 'care.note.subject',
    {
      reason: careReasonLabel(lang, topic.reason),
    },
  );
}
