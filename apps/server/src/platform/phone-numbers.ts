import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The country a number without '+' and a country code is read in (the service is US-based). */
export const defaultPhoneCountry = 'US';

/**
 * A phone number as typed ('305-555-0142', '(305) 555 0142', '+52 55 1234 5678') in E.164
 * ('+13055550142'), or undefined when it is not a valid number: parsed with libphonenumber's
 * full metadata, so the digits are checked against the country's numbering plan, not only
 * counted. What is stored and sent is this form, so one number is one recipient however typed.
 */
export function toE164(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultPhoneCountry);
  return parsed?.isValid() ? parsed.number : undefined;
}
