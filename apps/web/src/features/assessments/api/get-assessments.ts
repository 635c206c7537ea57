import {
  type AssessmentView,
  assessmentsResponseSchema,
} from '@apothecall/domain/assessments/assessment.api';
import { apiCall } from '../../../lib/api-client';

export const assessmentsQueryKey = ['pharmacy', 'assessments'] as const;

/** GET /pharmacy/assessments: the pharmacy's newest assessments. */
export async function getAssessments(): Promise<AssessmentView[]> {
  const { assessments } = await apiCall('/pharmacy/assessments', {
    method: 'GET',
    schema: assessmentsResponseSchema,
  });
  return assessments;
}
