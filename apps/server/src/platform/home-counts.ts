import type { HomeCountKey } from '@apothecall/domain/home/home-counts.rules';
import type { Actor } from './actor';

/**
 * The seam between the Home counts (features/home) and the areas that own
 * what is counted: each area offers a `HomeCountSource` that answers, for the keys asked (those
 * the caller's role gets, domain home/home-counts.rules) that it owns, how many there are. A
 * source checks the caller itself, as its own screen does, and reads its own tables only. Counts
 * only: nothing about any patient.
 */
export type HomeCountSource = (
  actor: Actor,
  wanted: ReadonlySet<HomeCountKey>,
) => Promise<Partial<Record<HomeCountKey, number>>>;
