import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { SchemaError } from './errors';

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

/**
 * A phone number from a form, as it is stored: in E.164, or a 400 naming `field` ('The phone
 * number is not a valid number...'). The domain's schemas, shared with the web, check the spec's
 * form (at least 7 digits); this reads the number by its country's numbering plan, so
 * what is stored can be texted and is one form per number.
 */
export function phoneToStore(typed: string, field: string): string {
  const number = toE164(typed);
  if (!number) throw new SchemaError([{ path: field, message: 'validation.phone.notANumber' }]);
  return number;
}
