import { complaintSchema } from '@apothecall/domain/care/care.schemas';
import { type CareReasonId, isCareReasonId } from '@apothecall/domain/care/care-reasons';
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { CareReasonChoice } from '../../../components/care-reason-choice';
import { useT } from '../../../lib/i18n';
import { GetCareStepFrame } from './get-care-step-frame';

const notesMax = 2000;

/** Step 2: the care reason (8 reasons) and, optionally, the patient's own words. */
export function GetCareReasonStep({
  index,
  total,
  reason,
  notes,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  reason: CareReasonId | null;
  notes: string;
  onBack: () => void;
  onContinue: (reason: CareReasonId, notes: string) => void;
}) {
  const t = useT();
  const [selected, setSelected] = useState<string>(reason ?? '');
  const [text, setText] = useState(notes);
  const [error, setError] = useState<string | null>(null);

  return (
    <GetCareStepFrame
      index={index}
      total={total}
      title={t('careUi.reason.title')}
      onBack={onBack}
      onContinue={() => {
        const parsed = complaintSchema.safeParse({ reason: selected, notes: text });
        if (!isCareReasonId(selected) || !parsed.success) {
          setError(t('common.required'));
          return;
        }
        onContinue(selected, parsed.data.notes);
      }}
    >
      <CareReasonChoice
        value={selected}
        onChange={(value) => {
          setSelected(value);
          setError(null);
        }}
        label={t('careUi.reason.label')}
        error={error}
      />
      <Textarea
        label={t('careUi.reason.notes')}
        description={t('careUi.reason.notesHint')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={notesMax}
      />
    </GetCareStepFrame>
  );
}
