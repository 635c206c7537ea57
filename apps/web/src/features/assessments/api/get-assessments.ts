import {
  type AssessmentView,
  assessmentsResponseSchema,
} from '@apothecall/domain/assessments/assessment.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const assessmentsQueryKey = ['pharmacy', 'assessments'] as const;

/** GET /pharmacy/assessments: the pharmacy's newest assessments. */
export async function getAssessments(): Promise<AssessmentView[]> {
  const { assessments } = await apiCall('/pharmacy/assessments', {
    method: 'GET',
    schema: assessmentsResponseSchema,
  });
  return assessments;
}

/** The pharmacy's newest assessments. */
export function useAssessments(options?: QueryOptions<AssessmentView[]>) {
  return useCallQuery(assessmentsQueryKey, getAssessments, options);
}
