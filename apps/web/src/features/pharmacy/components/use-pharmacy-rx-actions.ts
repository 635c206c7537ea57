import type { PharmacyRxDetail } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { PharmacyStatus } from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { notifications } from '@mantine/notifications';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-blob';
import { useClaimPharmacyRx } from '../api/claim-pharmacy-rx';
import { useDownloadPharmacyRxPrescription } from '../api/download-pharmacy-rx-prescription';
import { useSetPharmacyRxStatus } from '../api/set-pharmacy-rx-status';
import { shortVisitId } from './pharmacy-dashboard';
import { pharmacyStatusLabel } from './pharmacy-format';

/**
 * What the pharmacy does to one visit: the status it chose and its form's problem, the claim
 * (Submit Payment, its dialog and problem) and the prescription PDF. A change done moves the
 * focus back to the visit's heading; a claim done, to the PDF button once it shows.
 */
export function usePharmacyRxActions(
  visitId: string,
  visit: PharmacyRxDetail | undefined,
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const t = useT();
  const pdfButton = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState<PharmacyStatus | null>(null);
  const [statusProblem, setStatusProblem] = useState<string | null>(null);
  const [claimOpen, setClaimOpen] = useState(false);
  const [claimProblem, setClaimProblem] = useState<string | null>(null);
  const [justClaimed, setJustClaimed] = useState(false);

  useEffect(() => {
    if (justClaimed && visit?.pdfAvailable) pdfButton.current?.focus();
  }, [justClaimed, visit?.pdfAvailable]);

  const change = useSetPharmacyRxStatus({
    onMutate: () => setStatusProblem(null),
    onSuccess: (_visit, { body }) => {
      setChosen(null);
      notifications.show({
        color: 'green',
        message: t('pharmacyScreens.status.changed', {
          status: pharmacyStatusLabel(t, body.status),
        }),
      });
      heading.current?.focus();
    },
    onError: (error) => setStatusProblem(errorText(t, error)),
  });
  const claim = useClaimPharmacyRx({
    onMutate: () => setClaimProblem(null),
    onSuccess: () => {
      setClaimOpen(false);
      setJustClaimed(true);
      notifications.show({ color: 'green', message: t('pharmacyScreens.claim.done') });
    },
    onError: (error) => setClaimProblem(errorText(t, error)),
  });
  const pdf = useDownloadPharmacyRxPrescription({
    onSuccess: (blob) => saveBlob(blob, `prescription-${shortVisitId(visitId)}.pdf`),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('pharmacyScreens.pdf.failed', { message: errorText(t, error) }),
      }),
  });

  return {
    pdfButton,
    chosen,
    choose: (status: PharmacyStatus) => {
      setStatusProblem(null);
      setChosen(status);
    },
    cancel: () => {
      setChosen(null);
      setStatusProblem(null);
    },
    statusProblem,
    changePending: change.isPending,
    saveStatus: (status: PharmacyStatus, note: string, version: number) =>
      change.mutate({ visitId, body: { status, note, version } }),
    busy: change.isPending || claim.isPending,
    claimOpen,
    openClaim: () => {
      setClaimProblem(null);
      setClaimOpen(true);
    },
    closeClaim: () => setClaimOpen(false),
    claimProblem,
    claimPending: claim.isPending,
    confirmClaim: (version: number) => claim.mutate({ visitId, version }),
    pdfPending: pdf.isPending,
    downloadPdf: () => pdf.mutate({ visitId, offlineMessage: t('errors.network') }),
  };
}

export type PharmacyRxActionsState = ReturnType<typeof usePharmacyRxActions>;
