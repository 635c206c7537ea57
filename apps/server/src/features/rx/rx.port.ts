import type { DocumentSource } from '../../platform/document-sources';

/**
 * What other areas may ask of Rx visits (issue 19): the family's prescriptions and signed
 * consents as documents, printed when opened.
 */
export interface RxPort {
  prescriptions: DocumentSource;
  consents: DocumentSource;
}
