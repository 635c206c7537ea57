import {
  type CertificateVerification,
  certificateVerifyQuerySchema,
  certificateVerifyResponseSchema,
} from '@apothecall/domain/care/covid-certificates.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const certificateQueryKey = (id: string) => ['certificates', 'verify', id] as const;

/**
 * GET /covid-certificates/verify?id= (public): what a certificate's verification id shows —
 * the holder's initials, the test's day, type and result, and when it was issued.
 */
export async function verifyCertificate(id: string): Promise<CertificateVerification> {
  const query = new URLSearchParams(certificateVerifyQuerySchema.parse({ id }));
  const { certificate } = await apiCall(`/covid-certificates/verify?${query}`, {
    schema: certificateVerifyResponseSchema,
  });
  return certificate;
}

/** A certificate's check, by its id. */
export function useCertificateVerification(
  id: string,
  options?: QueryOptions<CertificateVerification>,
) {
  return useCallQuery(certificateQueryKey(id), () => verifyCertificate(id), options);
}
