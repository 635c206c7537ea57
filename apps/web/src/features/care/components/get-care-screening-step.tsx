import type { CareMessageKey, CareReasonId } from '@apothecall/domain/care/care-reasons';
import type { VisitScreenResult } from '@apothecall/domain/care/screening.evaluate';
import { hasMetabolicAlarm } from '@apothecall/domain/care/screening.rules';
import { Alert, Button, Fieldset, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { getPrescreening, prescreeningQueryKey } from '../api/get-prescreening';
import { GetCareChecklist, GetCareYesNo } from './get-care-choices';
import type { ScreeningForm } from './get-care-draft';
import { errorText } from './get-care-format';
import {
  askedOf,
  checkForm,
  evaluateForm,
  type ScreeningErrors,
} from './get-care-screening-answers';
import { GetCareStepFrame } from './get-care-step-frame';
import { GetCareVitals } from './get-care-vitals';

const listMaxLength = 4000;
/** Section legends read as the section's heading. */
const sectionStyles = {
  legend: {
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-lg)',
    marginBottom: 'var(--mantine-spacing-xs)',
  },
} as const;

/**
 * Step 4: pre-visit screening (spec sections 2, 5). The server says what to ask this family
 * member for this reason (POST /get-prescreening): emergency warning signs, vitals, allergies,
 * medications, medical problems, and ED / LDN / birth control only when listed. The answers are
 * evaluated with the domain's evaluateScreening; a failure stops the visit.
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
  const pre = useQuery({
    queryKey: prescreeningQueryKey(patientId, reason),
    queryFn: () => getPrescreening({ patientID: patientId, reason }),
    staleTime: 5 * 60_000,
  });
  const asked = useMemo(() => (pre.data ? askedOf(pre.data) : null), [pre.data]);
  const [errors, setErrors] = useState<ScreeningErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  const patch = (next: Partial<ScreeningForm>) => {
    onChange({ ...form, ...next });
    const cleared = { ...errors };
    for (const key of Object.keys(next)) delete cleared[key as keyof ScreeningErrors];
    setErrors(cleared);
    setProblem(null);
  };
  const err = (field: keyof ScreeningErrors) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  const submit = () => {
    if (!pre.data || !asked) return;
    const found = checkForm(form, asked);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem(t('careUi.screening.answerAll'));
      return;
    }
    const outcome = evaluateForm(form, asked, pre.data);
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
    const emergencyChecked = form.emergencySigns.length > 0;
    body = (
      <Stack gap="lg">
        {asked.emergencySigns.length > 0 ? (
          <Fieldset
            legend={t('careUi.screening.emergencyTitle')}
            variant="unstyled"
            styles={sectionStyles}
          >
            <Stack gap="sm">
              <GetCareChecklist
                label={t('careUi.screening.emergencyQuestion', { name: patientName })}
                options={asked.emergencySigns.map((id) => ({
                  id,
                  label: t(`care.emergency.${id}`),
                }))}
                values={form.emergencySigns}
                noneChecked={form.emergencyNone}
                noneLabel={t('careUi.screening.noneOfThese')}
                error={err('emergencySigns')}
                onChange={(emergencySigns, emergencyNone) =>
                  patch({ emergencySigns, emergencyNone })
                }
                testId="care-emergency-signs"
              />
              {emergencyChecked ? (
                <Alert color="red" role="alert" title={t('careUi.screening.emergencyAlertTitle')}>
                  {t('care.screening.emergency')}
                </Alert>
              ) : null}
            </Stack>
          </Fieldset>
        ) : null}
        {asked.vitals ? (
          <Fieldset legend={t('care.section.vitals')} variant="unstyled" styles={sectionStyles}>
            <Stack gap="sm">
              <GetCareVitals form={form} errors={errors} onChange={patch} />
            </Stack>
          </Fieldset>
        ) : null}
        {asked.allergies ? (
          <Textarea
            label={t('care.section.allergies')}
            description={t('careUi.screening.listHint')}
            value={form.allergies}
            onChange={(event) => patch({ allergies: event.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={listMaxLength}
          />
        ) : null}
        {asked.medications ? (
          <Textarea
            label={t('care.section.medications')}
            description={t('careUi.screening.listHint')}
            value={form.medications}
            onChange={(event) => patch({ medications: event.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={listMaxLength}
          />
        ) : null}
        {asked.medicalProblems && asked.comorbidities.length > 0 ? (
          <Stack gap="xs">
            <GetCareChecklist
              label={t('care.section.medicalProblems')}
              description={t('careUi.screening.problemsHint')}
              options={asked.comorbidities.map((id) => ({
                id,
                label: t(`care.comorbidity.${id}`),
              }))}
              values={form.medicalProblems}
              noneChecked={form.medicalNone}
              noneLabel={t('careUi.screening.noneOfThese')}
              error={err('medicalProblems')}
              onChange={(medicalProblems, medicalNone) => patch({ medicalProblems, medicalNone })}
              testId="care-medical-problems"
            />
            {hasMetabolicAlarm(form.medicalProblems) ? (
              <Alert color="yellow" role="status">
                {t('care.screening.metabolicAlarm')}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
        {asked.ed ? (
          <Fieldset legend={t('care.section.ed')} variant="unstyled" styles={sectionStyles}>
            <Stack gap="sm">
              <GetCareYesNo
                label={t('careUi.screening.edRequested')}
                value={form.edRequested}
                error={err('edRequested')}
                onChange={(edRequested) => patch({ edRequested })}
              />
              {form.edRequested === 'yes' ? (
                <GetCareYesNo
                  label={t('careUi.screening.edNitrates')}
                  value={form.edNitrates}
                  error={err('edNitrates')}
                  onChange={(edNitrates) => patch({ edNitrates })}
                />
              ) : null}
            </Stack>
          </Fieldset>
        ) : null}
        {asked.ldn ? (
          <Fieldset legend={t('care.section.ldn')} variant="unstyled" styles={sectionStyles}>
            <Stack gap="sm">
              <GetCareYesNo
                label={t('careUi.screening.ldnRequested')}
                value={form.ldnRequested}
                error={err('ldnRequested')}
                onChange={(ldnRequested) => patch({ ldnRequested })}
              />
              {form.ldnRequested === 'yes' ? (
                <>
                  <GetCareChecklist
                    label={t('careUi.screening.ldnConditions')}
                    options={asked.ldnConditions.map((id) => ({
                      id,
                      label: t(`care.ldn.condition.${id}`),
                    }))}
                    values={form.ldnConditions}
                    noneChecked={form.ldnNone}
                    noneLabel={t('careUi.screening.noneOfThese')}
                    error={err('ldnConditions')}
                    onChange={(ldnConditions, ldnNone) => patch({ ldnConditions, ldnNone })}
                  />
                  <GetCareYesNo
                    label={t('careUi.screening.ldnOpioids')}
                    value={form.ldnOpioids}
                    error={err('ldnOpioids')}
                    onChange={(ldnOpioids) => patch({ ldnOpioids })}
                  />
                </>
              ) : null}
            </Stack>
          </Fieldset>
        ) : null}
        {asked.birthControl ? (
          <Fieldset
            legend={t('care.section.birthControl')}
            variant="unstyled"
            styles={sectionStyles}
          >
            <Stack gap="sm">
              <GetCareYesNo
                label={t('careUi.screening.bcRequested')}
                value={form.bcRequested}
                error={err('bcRequested')}
                onChange={(bcRequested) => patch({ bcRequested })}
              />
              {form.bcRequested === 'yes' ? (
                <>
                  <GetCareYesNo
                    label={t('careUi.screening.bcSmoker')}
                    value={form.bcSmoker}
                    error={err('bcSmoker')}
                    onChange={(bcSmoker) => patch({ bcSmoker })}
                  />
                  <GetCareYesNo
                    label={t('careUi.screening.bcPregnant')}
                    value={form.bcPregnant}
                    error={err('bcPregnant')}
                    onChange={(bcPregnant) => patch({ bcPregnant })}
                  />
                </>
              ) : null}
            </Stack>
          </Fieldset>
        ) : null}
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
