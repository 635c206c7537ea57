/**
 * Provider identifiers the back office checks. Pure.
 *
 * - NPI: 10 digits whose last is the Luhn check digit of the first nine prefixed with 80840
 *   (the card issuer prefix of US health identifiers; CMS, "NPI check digit").
 * - DEA registration number: 2 letters and 7 digits; the last digit is the last digit of
 *   (d1 + d3 + d5) + 2 × (d2 + d4 + d6).
 */

/** Whether a string is a valid NPI (10 digits, Luhn check digit over 80840 + the first 9). */
export function isValidNpi(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = `80840${value.slice(0, 9)}`;
  let sum = 0;
  // From the right of the 14-digit body, every other digit (starting with the rightmost) doubles.
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}

/** Upper-cases and trims a DEA number as typed. */
export function normalizeDea(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether a string is a valid DEA registration number (2 letters, 7 digits, check digit). */
export function isValidDea(value: string): boolean {
  if (!/^[A-Z]{2}\d{7}$/.test(value)) return false;
  const d = value.slice(2).split('').map(Number);
  const check = (d[0]! + d[2]! + d[4]! + 2 * (d[1]! + d[3]! + d[5]!)) % 10;
  return check === d[6];
}
