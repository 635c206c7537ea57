import type {
  AppointmentOffer,
  AppointmentSlot,
} from '@apothecall/domain/appointments/appointments.schemas';
import { complaintSchema } from '@apothecall/domain/care/care.schemas';
import { isCareReasonId } from '@apothecall/domain/care/care-reasons';
import { Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CareReasonChoice } from '../../../components/care-reason-choice';
import { Dialog, DialogActions } from '../../../components/dialog';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { formatWhen } from './appointment-format';

const notesMax = 2000;

export interface ChosenSlot {
  readonly offer: AppointmentOffer;
  readonly slot: AppointmentSlot;
}

/**
 * Booking a chosen slot: who with, when and for whom; the reason (Get Care's care reasons) and
 * optional notes; Confirm.
 */
export function BookDialog({
  chosen,
  patientName,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  chosen: ChosenSlot | null;
  patientName: string;
  pending: boolean;
  /** The booking failure, translated; null when none. */
  error: string | null;
  onConfirm: (complaint: { reason: string; notes: string }) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const submit = () => {
    const parsed = complaintSchema.safeParse({ reason, notes });
    if (!isCareReasonId(reason) || !parsed.success) {
      setReasonError(t('appointmentUi.book.reasonRequired'));
      return;
    }
    onConfirm({ reason: parsed.data.reason, notes: parsed.data.notes });
  };

  return (
    <Dialog
      opened={chosen !== null}
      onClose={pending ? () => undefined : onClose}
      title={t('appointmentUi.book.dialogTitle')}
      size="lg"
    >
      {chosen ? (
        <Stack data-testid="appointment-book-dialog">
          <SlotFacts chosen={chosen} patientName={patientName} />
          <CareReasonChoice
            value={reason}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
            label={t('appointmentUi.book.reason')}
            error={reasonError}
            testId="appointment-reason"
          />
          <Textarea
            label={t('appointmentUi.book.notes')}
            description={t('appointmentUi.book.notesHint')}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={notesMax}
            data-testid="appointment-notes"
          />
          <DialogActions
            error={error}
            errorTestId="appointment-error"
            pending={pending}
            cancelLabel={t('appointmentUi.cancel')}
            onCancel={onClose}
          >
            <Button loading={pending} onClick={submit} data-testid="appointment-book-confirm">
              {t('appointmentUi.book.confirm')}
            </Button>
          </DialogActions>
        </Stack>
      ) : null}
    </Dialog>
  );
}

/** With whom, when and for whom. */
function SlotFacts({ chosen, patientName }: { chosen: ChosenSlot; patientName: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <Facts
      labelWidth={140}
      rows={[
        {
          key: 'provider',
          label: t('appointmentUi.field.provider'),
          value: chosen.offer.name,
        },
        {
          key: 'when',
          label: t('appointmentUi.field.when'),
          value: formatWhen(chosen.slot.from, lang),
        },
        { key: 'patient', label: t('appointmentUi.field.patient'), value: patientName },
      ]}
    />
  );
}
