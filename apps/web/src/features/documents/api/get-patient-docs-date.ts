import {
  type DocumentsResponse,
  documentsByMonthRequestSchema,
  documentsResponseSchema,
  type MonthString,
} from '@apothecall/domain/documents/documents.schemas';
import { apiCall } from '../../../lib/api-client';

/** POST /get-patient-docs-date: the family's documents of a month (YYYY-MM). */
export function getPatientDocsOfMonth(month: MonthString): Promise<DocumentsResponse> {
  return apiCall('/get-patient-docs-date', {
    method: 'POST',
    body: documentsByMonthRequestSchema.parse({ fdate: month }),
    schema: documentsResponseSchema,
  });
}
