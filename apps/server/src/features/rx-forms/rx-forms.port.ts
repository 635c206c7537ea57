import type { DocumentSource } from '../../platform/document-sources';

/** What other areas may ask of form signing: signed forms as documents. */
export interface RxFormsPort {
  documents: DocumentSource;
}
