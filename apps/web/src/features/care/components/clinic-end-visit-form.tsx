import type { VisitOutcome, VisitWorkspace } from '@apothecall/domain/care/visits.api';
import { Stack } from '@mantine/core';
import type { EndVisitResult } from '../api/clinic-end-visit';
import {
  ClinicCovidTest,
  ClinicEndVisitActions,
  ClinicEndVisitConfirm,
  ClinicPrescription,
  ClinicSoapNote,
} from './clinic-end-visit-sections';
import { useClinicEndVisit } from './use-clinic-end-visit';

/**
 * The provider's note (SOAP), optional prescription (checked live with the same rules the server
 * applies) and the three ways to end the visit, each behind a confirmation. The draft is checked
 * by the domain's end-visit rules (clinic-end-visit-draft.ts) before the confirmation opens.
 */
export function ClinicEndVisitForm(props: {
  visit: VisitWorkspace;
  onEnded: (outcome: VisitOutcome, result: EndVisitResult, withRx: boolean) => void;
}) {
  const { visit, onEnded } = props;
  const form = useClinicEndVisit(visit, onEnded);
  return (
    <Stack gap="md">
      <ClinicSoapNote form={form} />
      <ClinicPrescription form={form} visit={visit} />
      {form.covid ? <ClinicCovidTest form={form} /> : null}
      <ClinicEndVisitActions form={form} />
      <ClinicEndVisitConfirm form={form} />
    </Stack>
  );
}
