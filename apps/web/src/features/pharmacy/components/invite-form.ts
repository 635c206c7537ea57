import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  type InvitePharmacistRequest,
  invitePharmacistRequestSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';

/** The invitation form's fields as typed (the states and links chosen, the checkbox). */
export interface InviteDraft {
  email: string;
  firstName: string;
  lastName: string;
  states: string[];
  links: string[];
  claimedOnly: boolean;
}

export const emptyInviteDraft: InviteDraft = {
  email: '',
  firstName: '',
  lastName: '',
  states: [],
  links: [],
  claimedOnly: false,
};

export type InviteField = keyof InviteDraft;

/** What each field says when the domain's schema refuses it with a message of zod's own. */
const fallback: Record<InviteField, MessageKey> = {
  email: 'pharmacyScreens.invite.emailInvalid',
  firstName: 'pharmacyScreens.invite.firstNameRequired',
  lastName: 'pharmacyScreens.invite.lastNameRequired',
  states: 'pharmacyScreens.invite.statesRequired',
  links: 'pharmacyScreens.invite.linksInvalid',
  claimedOnly: 'common.required',
};

export type InviteCheck =
  | { readonly ok: true; readonly request: InvitePharmacistRequest }
  | { readonly ok: false; readonly errors: Partial<Record<InviteField, MessageKey>> };

/**
 * Checks the invitation with the same schema the server validates (invitePharmacistRequestSchema):
 * one message per field, the schema's own catalogue key where it gives one (isKey), else the
 * field's message here.
 */
export function checkInvite(
  draft: InviteDraft,
  isKey: (key: string) => key is MessageKey,
): InviteCheck {
  const parsed = invitePharmacistRequestSchema.safeParse(draft);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Partial<Record<InviteField, MessageKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in fallback)) continue;
    const key = field as InviteField;
    const message = issue.message;
    errors[key] ??= isKey(message) ? message : fallback[key];
  }
  return { ok: false, errors };
}
