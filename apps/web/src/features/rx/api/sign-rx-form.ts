import {
  type PatientRxForm,
  patientRxFormResponseSchema,
  type RxFormSignRequest,
  rxFormSignRequestSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { apiCall } from '../../../lib/api-client';

/** POST /rx/visits/:id/forms/:formRequestId/sign: my full name and the box ticked. */
export async function signRxForm(
  visitId: string,
  formRequestId: string,
  body: RxFormSignRequest,
): Promise<PatientRxForm> {
  const { form } = await apiCall(
    `/rx/visits/${encodeURIComponent(visitId)}/forms/${encodeURIComponent(formRequestId)}/sign`,
    {
      method: 'POST',
      body: rxFormSignRequestSchema.parse(body),
      schema: patientRxFormResponseSchema,
    },
  );
  return form;
}
