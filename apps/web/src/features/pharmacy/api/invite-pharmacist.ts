import {
  type InvitePharmacistRequest,
  invitePharmacistRequestSchema,
  type PharmacistView,
  pharmacistViewSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { pharmacistsQueryKey } from './get-pharmacists';

/** The answer of an invitation or a revocation: the pharmacist as stored now. */
export const pharmacistResponseSchema = z.object({
  error: z.literal(false),
  pharmacist: pharmacistViewSchema,
});

/**
 * POST /pharmacy/pharmacists: invites a pharmacist by e-mail with the states and links they
 * may work, and whether they work claimed visits only (administrator).
 */
export async function invitePharmacist(body: InvitePharmacistRequest): Promise<PharmacistView> {
  const { pharmacist } = await apiCall('/pharmacy/pharmacists', {
    method: 'POST',
    body: invitePharmacistRequestSchema.parse(body),
    schema: pharmacistResponseSchema,
  });
  return pharmacist;
}

/** Invites a pharmacist; the pharmacists are asked again. */
export function useInvitePharmacist(
  options?: MutationCallbacks<PharmacistView, InvitePharmacistRequest>,
) {
  return useCallMutation(invitePharmacist, () => [pharmacistsQueryKey], options);
}
