/**
 * Covid test certificates (spec sections 1, 2 "test-verification page", 9 terms).
 *
 * A visit for the 'Covid certification' care reason ends, when completed, with the test the
 * provider observed: its type, result and the day it was taken. The server issues a certificate
 * (a PDF on the patient's documents, with the provider's credential, a verification id and a QR
 * code of the brand's test-verification page) in the same transaction as the visit's end. The
 * verification page (`/#/test?id=`) is public and shows no more than the holder's initials, the
 * test's day, type and result.
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from '../common/common.schemas';

export const covidTestTypes = ['antigen', 'pcr'] as const;
export type CovidTestType = (typeof covidTestTypes)[number];

export const covidTestResults = ['negative', 'positive'] as const;
export type CovidTestResult = (typeof covidTestResults)[number];

/** What the provider records when a Covid certification visit is completed. */
export const covidTestSchema = z.object({
  testType: z.enum(covidTestTypes, { error: 'certificates.testTypeRequired' }),
  result: z.enum(covidTestResults, { error: 'certificates.resultRequired' }),
  /** The day the sample was taken (not after the visit's day; checked by the server). */
  testedOn: isoDateSchema
    .or(z.literal('').transform(() => undefined))
    .pipe(z.iso.date({ error: 'certificates.testedOnRequired' })),
});
export type CovidTestInput = z.input<typeof covidTestSchema>;
export type CovidTest = z.output<typeof covidTestSchema>;

/** How many days before the visit a test may have been taken and still be certified. */
export const maxCovidTestAgeDays = 3;

/**
 * The verification id printed on a certificate and in its QR code: 10 characters of Crockford
 * base32 (no I, L, O, U), random, so ids cannot be guessed or walked.
 */
export const verificationIdAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const verificationIdLength = 10;
export const verificationIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-HJKMNP-TV-Z]{10}$/, { error: 'certificates.idInvalid' });

/** GET /covid-certificates/verify?id= (public). */
export const certificateVerifyQuerySchema = z.object({ id: verificationIdSchema });

/** What the public page shows: initials, the day, the test and its result — nothing else. */
export const certificateVerificationSchema = z.object({
  verificationId: verificationIdSchema,
  initials: z.string().max(4),
  testedOn: isoDateSchema,
  testType: z.enum(covidTestTypes),
  result: z.enum(covidTestResults),
  issuedAt: isoDateTimeSchema,
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const certificateVerifyResponseSchema = z.object({
  error: z.literal(false),
  certificate: certificateVerificationSchema,
});

/** "Jane Q. Public" -> "J.P." (first and last name's first letters). */
export function initialsOf(firstName: string, lastName: string): string {
  const first = firstName.trim().charAt(0).toUpperCase();
  const last = lastName.trim().charAt(0).toUpperCase();
  return [first, last]
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join('');
}
