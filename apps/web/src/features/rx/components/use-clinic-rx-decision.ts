import type { RxPrescribeRequest } from '@apothecall/domain/rx/rx-visits.api';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useClaimClinicRx } from '../api/clinic-claim-rx';
import { useDownloadClinicRxPrescription } from '../api/clinic-download-rx-prescription';
import { usePrescribeClinicRx } from '../api/clinic-prescribe-rx';
import { useSetClinicRxStatus } from '../api/clinic-set-rx-status';
import { useClinicRxReviewToasts } from './clinic-rx-review-toasts';
import { errorText, saveBlob } from './rx-format';

/**
 * The prescriber's decision on a visit under review: claim, ask the patient for more (a note,
 * required, maybe an upload), approve, decline and refund, prescribe, and the prescription PDF.
 */
export function useClinicRxDecision(visitId: string, version: number) {
  const t = useT();
  const toasts = useClinicRxReviewToasts();
  const [note, setNote] = useState('');
  const [askUpload, setAskUpload] = useState(false);
  const [noteError, setNoteError] = useState<string | null>(null);

  const claim = useClaimClinicRx({
    onSuccess: () => toasts.done(t('rxScreens.clinic.claimed')),
    onError: toasts.failed,
  });
  const requestInfo = useSetClinicRxStatus({
    onSuccess: () => {
      setNote('');
      setAskUpload(false);
      toasts.done(t('rxScreens.clinic.requestSent'));
    },
    onError: toasts.failed,
  });
  const approve = useSetClinicRxStatus({
    onSuccess: () => toasts.done(t('rxScreens.clinic.approved')),
    onError: toasts.failed,
  });
  const refund = useSetClinicRxStatus({
    onSuccess: () => toasts.done(t('rxScreens.clinic.refunded')),
    onError: toasts.failed,
  });
  const prescribe = usePrescribeClinicRx({
    onSuccess: () => toasts.done(t('rxScreens.clinic.prescribed')),
    onError: toasts.failed,
  });
  const pdf = useDownloadClinicRxPrescription({
    onSuccess: (blob) => saveBlob(blob, `prescription-${visitId}.pdf`),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('rxScreens.clinic.downloadFailed', { message: errorText(t, error) }),
      }),
  });

  const busy =
    claim.isPending ||
    requestInfo.isPending ||
    approve.isPending ||
    refund.isPending ||
    prescribe.isPending;

  const sendRequest = () => {
    if (note.trim() === '') {
      setNoteError(t('rx.transition.noteRequired'));
      return;
    }
    setNoteError(null);
    requestInfo.mutate({
      visitId,
      body: { status: 'exit', version, note: note.trim(), requestAttachment: askUpload },
    });
  };

  return {
    note,
    setNote: (value: string) => {
      setNote(value);
      setNoteError(null);
    },
    askUpload,
    setAskUpload,
    noteError,
    sendRequest,
    busy,
    claim: { pending: claim.isPending, run: () => claim.mutate({ visitId }) },
    requestPending: requestInfo.isPending,
    approve: {
      pending: approve.isPending,
      run: () => approve.mutate({ visitId, body: { status: 'ended', version } }),
    },
    refund: {
      pending: refund.isPending,
      run: () => refund.mutate({ visitId, body: { status: 'refund', version } }),
    },
    prescribe: {
      pending: prescribe.isPending,
      run: (prescription: PrescriptionLine) =>
        prescribe.mutate({ visitId, body: { version, prescriptions: [prescription] } }),
    },
    pdf: {
      pending: pdf.isPending,
      run: () => pdf.mutate({ visitId, offlineMessage: t('errors.network') }),
    },
  };
}

type PrescriptionLine = RxPrescribeRequest['prescriptions'][number];

export type ClinicRxDecisionState = ReturnType<typeof useClinicRxDecision>;
