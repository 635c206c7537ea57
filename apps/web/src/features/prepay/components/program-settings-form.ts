import {
  maxProgramVisits,
  type NotifyChannels,
  type PrepayNotificationKind,
  type PrepayProgramSettings,
  type PrepayProgramView,
  prepayNotificationKinds,
  prepayProgramSettingsSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { type FieldError, type IsKey, issueMessage } from './form-check';
import { centsToDollars, dollarsToCents, wholeNumber } from './prepay-format';

/** The settings form as typed: amounts in dollars, numbers as the boxes hold them. */
export interface SettingsDraft {
  name: string;
  description: string;
  /** Dollars, e.g. '12.50'; empty = 0. */
  rewardAmt: string;
  patientAmt: string;
  priceMsg: string;
  visitType: PrepayProgramSettings['visitType'];
  perAccountLimit: string | number;
  reuseIntervalDays: string | number;
  lowBalanceLimit: string | number;
  reasonRestriction: string[];
  pharmacyRestriction: string[];
  checkoutMessage: string;
  notifyEmail: string;
  notifyPhone: string;
  channels: Record<PrepayNotificationKind, NotifyChannels>;
}

export type SettingsField = Exclude<keyof SettingsDraft, 'channels' | 'visitType'>;

/** The program's settings as the form shows them. */
export function draftFromProgram(program: PrepayProgramView): SettingsDraft {
  const n = program.notifications;
  return {
    name: program.name,
    description: program.description,
    rewardAmt: centsToDollars(program.rewardAmt),
    patientAmt: centsToDollars(program.patientAmt),
    priceMsg: program.priceMsg,
    visitType: program.visitType,
    perAccountLimit: program.perAccountLimit,
    reuseIntervalDays: program.reuseIntervalDays,
    lowBalanceLimit: program.lowBalanceLimit,
    reasonRestriction: [...program.reasonRestriction],
    pharmacyRestriction: [...program.pharmacyRestriction],
    checkoutMessage: program.checkoutMessage,
    notifyEmail: n.email ?? '',
    notifyPhone: n.phone ?? '',
    channels: {
      lowBalance: { ...n.lowBalance },
      prepayClaimed: { ...n.prepayClaimed },
      prepayRx: { ...n.prepayRx },
      prepayRxDenied: { ...n.prepayRxDenied },
    },
  };
}

/** A list with `id` in it (on) or out of it (off), keeping the order of the rest. */
export function toggled(list: readonly string[], id: string, on: boolean): string[] {
  const without = list.filter((item) => item !== id);
  return on ? [...without, id] : without;
}

const maxLengthOf = { description: 2000, priceMsg: 500, checkoutMessage: 1000 } as const;
const maxOf = {
  perAccountLimit: maxProgramVisits,
  reuseIntervalDays: 3650,
  lowBalanceLimit: maxProgramVisits,
} as const;

/** What each field says when the schema refuses it with a message of zod's own. */
function fallbackFor(field: SettingsField): FieldError {
  switch (field) {
    case 'name':
      return { key: 'prepayUi.form.nameRequired' };
    case 'description':
    case 'priceMsg':
    case 'checkoutMessage':
      return { key: 'prepayUi.form.tooLong', params: { max: maxLengthOf[field] } };
    case 'rewardAmt':
    case 'patientAmt':
      return { key: 'prepayUi.form.amountInvalid' };
    case 'perAccountLimit':
    case 'reuseIntervalDays':
    case 'lowBalanceLimit':
      return { key: 'prepayUi.form.wholeNumber', params: { max: maxOf[field] } };
    case 'notifyEmail':
      return { key: 'validation.email.invalid' };
    case 'notifyPhone':
      return { key: 'validation.phone.invalid' };
    case 'reasonRestriction':
    case 'pharmacyRestriction':
      return { key: 'prepayUi.form.restrictionInvalid' };
  }
}

const topFields: readonly SettingsField[] = [
  'name',
  'description',
  'rewardAmt',
  'patientAmt',
  'priceMsg',
  'perAccountLimit',
  'reuseIntervalDays',
  'lowBalanceLimit',
  'reasonRestriction',
  'pharmacyRestriction',
  'checkoutMessage',
];

/** The form field a schema issue's path is about (notifications.email -> notifyEmail). */
function fieldOf(path: readonly PropertyKey[]): SettingsField | undefined {
  const [first, second] = path;
  if (first === 'notifications') {
    if (second === 'email') return 'notifyEmail';
    if (second === 'phone') return 'notifyPhone';
    return undefined;
  }
  return topFields.find((field) => field === first);
}

export type SettingsCheck =
  | { readonly ok: true; readonly settings: PrepayProgramSettings }
  | { readonly ok: false; readonly errors: Partial<Record<SettingsField, FieldError>> };

/** An amount box's cents: an unreadable one is NaN, which the schema refuses. */
function centsOf(text: string): number {
  return dollarsToCents(text) ?? Number.NaN;
}

/**
 * The settings to send (prepayProgramSettingsSchema, as the server validates them): dollars as
 * cents, empty boxes as 0, empty notification addresses as null. One message per field.
 */
export function checkSettings(draft: SettingsDraft, isKey: IsKey): SettingsCheck {
  const notifications = {
    email: draft.notifyEmail.trim() === '' ? null : draft.notifyEmail,
    phone: draft.notifyPhone.trim() === '' ? null : draft.notifyPhone,
    ...Object.fromEntries(prepayNotificationKinds.map((kind) => [kind, draft.channels[kind]])),
  };
  const parsed = prepayProgramSettingsSchema.safeParse({
    name: draft.name,
    description: draft.description,
    rewardAmt: centsOf(draft.rewardAmt),
    patientAmt: centsOf(draft.patientAmt),
    priceMsg: draft.priceMsg,
    visitType: draft.visitType,
    perAccountLimit: wholeNumber(draft.perAccountLimit, 0),
    reuseIntervalDays: wholeNumber(draft.reuseIntervalDays, 0),
    lowBalanceLimit: wholeNumber(draft.lowBalanceLimit, 0),
    reasonRestriction: draft.reasonRestriction,
    pharmacyRestriction: draft.pharmacyRestriction,
    checkoutMessage: draft.checkoutMessage,
    notifications,
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<SettingsField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (!field) continue;
    // Amounts and numbers: the field's own words ('Enter an amount in dollars...').
    const own = field === 'notifyEmail' || field === 'notifyPhone';
    errors[field] ??= own ? issueMessage(issue, fallbackFor(field), isKey) : fallbackFor(field);
  }
  return { ok: false, errors };
}

/** Whether any notification goes by this channel (its address box is then needed). */
export function usesChannel(draft: SettingsDraft, channel: keyof NotifyChannels): boolean {
  return prepayNotificationKinds.some((kind) => draft.channels[kind][channel]);
}
