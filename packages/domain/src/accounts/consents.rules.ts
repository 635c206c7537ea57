/**
 * The legal-notice links of the app settings (spec section 3): consent to treat and terms.
 * The URLs come from the brand's app settings; these are the names they are stored under.
 */
export const legalNoticeLinks = ['consentToTreat', 'terms'] as const;
export type LegalNoticeLink = (typeof legalNoticeLinks)[number];
/** States with a per-state consent notice in the app settings (a TX complaint notice). */
export const consentNoticeStates = ['TX'] as const;

/**
 * The legal documents a patient accepts before care: consent to treat and the terms. Each has
 * a version; accepting an older version does not count. Versions are dates, changed when the
 * text changes (to be confirmed by the legal team; these are the demo texts' versions).
 */
export const currentLegalVersions: Readonly<Record<LegalNoticeLink, string>> = {
  consentToTreat: '2026-01-15',
  terms: '2026-01-15',
};

export interface AcceptedConsent {
  readonly document: string;
  readonly version: string;
}

/** True when every legal document was accepted at its current version. */
export function consentsUpToDate(
  accepted: readonly AcceptedConsent[],
  current: Readonly<Record<LegalNoticeLink, string>> = currentLegalVersions,
): boolean {
  return legalNoticeLinks.every((id) =>
    accepted.some((a) => a.document === id && a.version === current[id]),
  );
}

/** The newest accepted version of a document, or null. */
export function acceptedVersionOf(
  accepted: readonly AcceptedConsent[],
  document: LegalNoticeLink,
): string | null {
  const versions = accepted.filter((a) => a.document === document).map((a) => a.version);
  return versions.length > 0 ? (versions.sort().at(-1) ?? null) : null;
}
