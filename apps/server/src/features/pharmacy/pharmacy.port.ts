import type { PharmacyService } from './pharmacy.service';

/**
 * What other areas may ask of the pharmacy area: whether a pharmacy organisation is verified
 * (Rx access needs it, spec section 6). The dashboard, claims and statuses come with issue 15.
 */
export type PharmacyPort = Pick<PharmacyService, 'verification'>;
