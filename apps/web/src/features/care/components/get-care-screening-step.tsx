import type { CareMessageKey, CareReasonId } from '@apothecall/domain/care/care-reasons';
import type { VisitScreenResult } from '@apothecall/domain/care/screening.evaluate';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { usePrescreening } from '../api/get-prescreening';
import type { ScreeningForm } from './get-care-draft';
import { errorText } from './get-care-format';
import { askedOf, checkForm, evaluateForm } from './get-care-screening-answers';
import { GetCareScreeningFields } from './get-care-screening-sections';
import { GetCareStepFrame } from './get-care-step-frame';

/**
 * Step 4: pre-visit screening (spec sections 2, 5). The server says what to ask this family
 * member for this reason (POST /get-prescreening): emergency warning signs, vitals, allergies,
 * medications, medical problems, and ED / LDN / birth control only when listed. The answers are
 * evaluated with the domain's evaluateScreening; a failure stops the visit. The wizard keeps the
 * answers across reloads (`form`): the step starts from them, and hands each change back. One
 * answer may change two fields at once (a list and its 'none'): each loses its refusal.
 */
export function GetCareScreeningStep({
  index,
  total,
  patientId,
  patientName,
  reason,
  form,
  onChange,
  onBack,
  onPassed,
  onFailed,
}: {
  index: number;
  total: number;
  patientId: string;
  patientName: string;
  reason: CareReasonId;
  form: ScreeningForm;
  onChange: (form: ScreeningForm) => void;
  onBack: () => void;
  onPassed: (result: VisitScreenResult) => void;
  onFailed: (failures: readonly CareMessageKey[]) => void;
}) {
  const t = useT();
  const pre = usePrescreening(patientId, reason);
  const asked = useMemo(() => (pre.data ? askedOf(pre.data) : null), [pre.data]);
  const screening = useDraft<ScreeningForm, MessageKey>(form);
  const { draft: answers, errors } = screening;
  const [problem, setProblem] = useState<string | null>(null);

  const patch = (next: Partial<ScreeningForm>) => {
    const changed = { ...answers, ...next };
    screening.setDraft(changed);
    for (const field of Object.keys(next)) screening.clear(field as keyof ScreeningForm);
    onChange(changed);
    setProblem(null);
  };
  const err = (field: keyof ScreeningForm) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  const submit = () => {
    if (!pre.data || !asked) return;
    const found = checkForm(answers, asked);
    screening.refuse(found);
    if (Object.keys(found).length > 0) {
      setProblem(t('careUi.screening.answerAll'));
      return;
    }
    const outcome = evaluateForm(answers, asked, pre.data);
    if (outcome.kind === 'invalid') setProblem(t('careUi.screening.answerAll'));
    else if (outcome.kind === 'failed') onFailed(outcome.failures);
    else onPassed(outcome.result);
  };

  let body: ReactNode;
  if (pre.isPending) {
    body = <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  } else if (pre.isError || !asked) {
    body = (
      <>
        <Alert color="red" role="alert">
          {errorText(t, pre.error)}
        </Alert>
        <Button variant="light" w="fit-content" onClick={() => void pre.refetch()}>
          {t('careUi.retry')}
        </Button>
      </>
    );
  } else {
    body = (
      <Stack gap="lg">
        <GetCareScreeningFields
          fields={{ form: answers, asked, patch, err, errors, patientName }}
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
      </Stack>
    );
  }

  return (
    <GetCareStepFrame
      index={index}
      total={total}
      title={t('careUi.screening.title')}
      onBack={onBack}
      onContinue={submit}
      continueDisabled={!pre.data}
    >
      <Text size="sm" c="dimmed">
        {t('careUi.screening.body', { name: patientName })}
      </Text>
      {body}
    </GetCareStepFrame>
  );
}
