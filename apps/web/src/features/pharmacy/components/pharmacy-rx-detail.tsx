import type { PharmacyMe, PharmacyRxDetail } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  pharmacyStatusColour,
  statusChangedColour,
  statusChangedLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { usePharmacyRx } from '../api/get-pharmacy-rx';
import { ClaimDialog } from './claim-dialog';
import { shortVisitId } from './pharmacy-dashboard';
import { formatDay, pharmacyStatusLabel, stateName, treatmentName } from './pharmacy-format';
import { PharmacyRxActions } from './pharmacy-rx-actions';
import { PharmacyRxAssessmentSection } from './pharmacy-rx-assessment-section';
import { PharmacyRxCodeSection } from './pharmacy-rx-code-section';
import {
  PharmacyRxHistorySection,
  PharmacyRxLinkSection,
  PharmacyRxPatientSection,
  PharmacyRxPrescriptionsSection,
} from './pharmacy-rx-detail-sections';
import { PharmacyRxFormsSection } from './pharmacy-rx-forms-section';
import { StatusChip } from './pharmacy-status-chip';
import { usePharmacyRxActions } from './use-pharmacy-rx-actions';

export { StatusButton, StatusChangeForm } from './pharmacy-status-controls';

/** The visit's status, its e-prescription result and the 'status changed' marker, as chips. */
export function PharmacyRxChips({
  visit,
}: {
  visit: Pick<PharmacyRxDetail, 'pharmacyStatus' | 'erxStatus' | 'statusChanged' | 'assessmentId'>;
}) {
  const t = useT();
  return (
    <Group gap={6} wrap="wrap">
      <StatusChip
        testId="pharmacy-rx-status"
        status={visit.pharmacyStatus}
        label={pharmacyStatusLabel(t, visit.pharmacyStatus)}
        colour={pharmacyStatusColour(visit.pharmacyStatus)}
      />
      {visit.erxStatus ? (
        <StatusChip
          testId="pharmacy-rx-erx"
          status={visit.erxStatus}
          prefix={t('pharmacyScreens.row.erx')}
          label={pharmacyStatusLabel(t, visit.erxStatus)}
          colour={pharmacyStatusColour(visit.erxStatus)}
        />
      ) : null}
      {visit.statusChanged ? (
        <StatusChip
          testId="pharmacy-rx-status-changed"
          label={t(statusChangedLabelKey)}
          colour={statusChangedColour}
        />
      ) : null}
      {visit.assessmentId ? (
        <StatusChip
          testId="pharmacy-rx-instore"
          label={t('assessmentUi.visitTitle')}
          colour={{ token: 'blue', hex: '#1e88e5' }}
        />
      ) : null}
    </Group>
  );
}

/**
 * One visit as the pharmacy works it (/prescriptions?visit=<id>): the patient, the
 * prescriptions, the link's medication list and comment, the status history; one button per
 * status that may come next (the domain's per-status configuration), Submit Payment while it
 * can be claimed (the fee confirmed first) and the prescription PDF once claimed.
 */
export function PharmacyRxDetailView({
  visitId,
  me,
  onBack,
}: {
  visitId: string;
  me: PharmacyMe;
  onBack: () => void;
}) {
  const t = useT();
  const detail = usePharmacyRx(visitId);
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = usePharmacyRxActions(visitId, detail.data, heading);

  const loaded = detail.data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
      {t('pharmacyScreens.detail.back')}
    </Anchor>
  );

  if (detail.isPending) {
    return (
      <Stack gap="sm">
        {back}
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="sm">
        {back}
        <Alert color="red" role="alert" data-testid="pharmacy-rx-detail-error">
          {t('pharmacyScreens.detail.loadFailed', { message: errorText(t, detail.error) })}
        </Alert>
      </Stack>
    );
  }

  const visit = detail.data;
  return (
    <Stack
      gap="md"
      data-testid="pharmacy-rx-detail"
      data-visit-id={visit.id}
      data-status={visit.pharmacyStatus}
    >
      {back}
      <PharmacyRxHeading visit={visit} heading={heading} />
      <PharmacyRxActions visit={visit} actions={actions} />

      {/* The pharmacy's own records on the visit: its code, and forms to sign. */}
      <PharmacyRxCodeSection visitId={visit.id} claimed={visit.pdfAvailable} />
      <PharmacyRxFormsSection visitId={visit.id} claimed={visit.pdfAvailable} />
      <PharmacyRxPatientSection patient={visit.patient} />
      <PharmacyRxPrescriptionsSection prescriptions={visit.prescriptions} />
      {visit.link ? <PharmacyRxLinkSection link={visit.link} /> : null}
      {visit.assessment ? <PharmacyRxAssessmentSection assessment={visit.assessment} /> : null}
      <PharmacyRxHistorySection history={visit.history} />

      <ClaimDialog
        opened={actions.claimOpen}
        fee={me.organization.claimFee}
        balance={me.organization.prepayBalance}
        admin={me.role === 'pharmacyAdmin'}
        pending={actions.claimPending}
        error={actions.claimProblem}
        onConfirm={() => actions.confirmClaim(visit.version)}
        onClose={actions.closeClaim}
      />
    </Stack>
  );
}

/** The visit's heading (focused when it loads and after a change), its chips, state and day. */
function PharmacyRxHeading({
  visit,
  heading,
}: {
  visit: PharmacyRxDetail;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  const lang = useLang();
  const product = treatmentName(t, visit.productId);
  return (
    <Stack gap={6}>
      <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('pharmacyScreens.detail.title', { id: shortVisitId(visit.id), product })}
      </Title>
      <PharmacyRxChips visit={visit} />
      <Text size="sm" c="dimmed">
        {stateName(t, visit.state)} ·{' '}
        {t('pharmacyScreens.row.prescribed', { date: formatDay(visit.prescribedAt, lang) })}
      </Text>
    </Stack>
  );
}
