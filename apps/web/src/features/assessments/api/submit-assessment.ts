import {
  type AssessmentRequest,
  type AssessmentView,
  assessmentRequestSchema,
  assessmentResponseSchema,
} from '@apothecall/domain/assessments/assessment.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { assessmentsQueryKey } from './get-assessments';

/** POST /pharmacy/assessments: the intake; the patient is e-mailed the link to continue. */
export async function submitAssessment(body: AssessmentRequest): Promise<AssessmentView> {
  const { assessment } = await apiCall('/pharmacy/assessments', {
    method: 'POST',
    body: assessmentRequestSchema.parse(body),
    schema: assessmentResponseSchema,
  });
  return assessment;
}

/** Submits an intake and refreshes the pharmacy's list of assessments. */
export function useSubmitAssessment(
  options?: MutationCallbacks<AssessmentView, AssessmentRequest>,
) {
  return useCallMutation(submitAssessment, () => [assessmentsQueryKey], options);
}
