import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import { type CalendarDate, formatDobForDisplay } from '@apothecall/domain/dates/dates.rules';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';

/**
 * Today in the browser's time zone. Age rules are judged on this date: the server judges them
 * in the X-Time-Zone the browser sends, so both sides agree even near midnight.
 */
export function localToday(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** The wire name: first and last name joined ("First Last"). */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/** The personal-information form of the profile screen, as typed. */
export interface PersonFormValues {
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  relation: string;
  address: string;
  state: string;
  zipCode: string;
  phone: string;
  email: string;
}

/** The profile fields a person's details form may change. */
export const editablePersonFields = [
  'name',
  'dob',
  'gender',
  'relation',
  'address',
  'state',
  'zipCode',
  'phone',
  'email',
] as const;
export type EditablePersonField = (typeof editablePersonFields)[number];

/**
 * A person as the form shows them: the date of birth and the phone (kept in E.164) as people
 * write them, no 'self' relation.
 */
export function toPersonForm(person: Person): PersonFormValues {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    dob: formatDobForDisplay(person.dob) ?? person.dob,
    gender: person.gender,
    relation: person.relation === 'self' ? '' : person.relation,
    address: person.address,
    state: person.state,
    zipCode: person.zipCode,
    phone: formatPhone(person.phone),
    email: person.email,
  };
}

/**
 * The form as the profile schemas read it: the wire name, and a relation only for a dependent
 * (the account holder has none to change).
 */
export function personFormInput(values: PersonFormValues, isHolder: boolean) {
  return {
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    dob: values.dob,
    gender: values.gender,
    address: values.address,
    state: values.state,
    zipCode: values.zipCode,
    phone: values.phone,
    email: values.email,
    ...(isHolder ? {} : { relation: values.relation }),
  };
}

/** The fields whose parsed value differs from the person's: only these are sent. */
export function changedPersonFields(
  parsed: Partial<Record<EditablePersonField, unknown>>,
  person: Person,
): Partial<Record<EditablePersonField, string>> {
  const changed: Partial<Record<EditablePersonField, string>> = {};
  for (const field of editablePersonFields) {
    const value = parsed[field];
    // The form's phone is formatted (305-555-0142), the stored one E.164 (+13055550142).
    const current = field === 'phone' ? formatPhone(person.phone) : person[field];
    if (typeof value === 'string' && value !== current) changed[field] = value;
  }
  return changed;
}
