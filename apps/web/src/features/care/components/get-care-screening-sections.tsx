import { hasMetabolicAlarm } from '@apothecall/domain/care/screening.rules';
import { Alert, Fieldset, Stack, Textarea } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { GetCareChecklist, GetCareYesNo } from './get-care-choices';
import type { ScreeningForm } from './get-care-draft';
import type { askedOf, ScreeningErrors } from './get-care-screening-answers';
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

/** What a section reads and changes: the answers, what was asked, the patch, the refusals. */
export interface ScreeningFields {
  form: ScreeningForm;
  asked: ReturnType<typeof askedOf>;
  patch: (next: Partial<ScreeningForm>) => void;
  err: (field: keyof ScreeningErrors) => string | undefined;
  errors: ScreeningErrors;
  patientName: string;
}

/** The sections the server asked for, in the spec's order. */
export function GetCareScreeningFields({ fields }: { fields: ScreeningFields }) {
  const { asked } = fields;
  return (
    <>
      {asked.emergencySigns.length > 0 ? <ScreeningEmergency fields={fields} /> : null}
      {asked.vitals ? <ScreeningVitals fields={fields} /> : null}
      {asked.allergies ? <ScreeningAllergies fields={fields} /> : null}
      {asked.medications ? <ScreeningMedications fields={fields} /> : null}
      {asked.medicalProblems && asked.comorbidities.length > 0 ? (
        <ScreeningProblems fields={fields} />
      ) : null}
      {asked.ed ? <ScreeningEd fields={fields} /> : null}
      {asked.ldn ? <ScreeningLdn fields={fields} /> : null}
      {asked.birthControl ? <ScreeningBirthControl fields={fields} /> : null}
    </>
  );
}

/** The emergency warning signs; any one checked says to call 911. */
function ScreeningEmergency({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, asked, patch, err, patientName } = fields;
  const emergencyChecked = form.emergencySigns.length > 0;
  return (
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
          onChange={(emergencySigns, emergencyNone) => patch({ emergencySigns, emergencyNone })}
          testId="care-emergency-signs"
        />
        {emergencyChecked ? (
          <Alert color="red" role="alert" title={t('careUi.screening.emergencyAlertTitle')}>
            {t('care.screening.emergency')}
          </Alert>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** The vitals. */
function ScreeningVitals({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, patch, errors } = fields;
  return (
    <Fieldset legend={t('care.section.vitals')} variant="unstyled" styles={sectionStyles}>
      <Stack gap="sm">
        <GetCareVitals form={form} errors={errors} onChange={patch} />
      </Stack>
    </Fieldset>
  );
}

/** The allergies, as a list. */
function ScreeningAllergies({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, patch } = fields;
  return (
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
  );
}

/** The medications, as a list. */
function ScreeningMedications({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, patch } = fields;
  return (
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
  );
}

/** The medical problems; a metabolic one raises its alarm. */
function ScreeningProblems({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, asked, patch, err } = fields;
  return (
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
  );
}

/** Erectile dysfunction medication: asked for, and nitrates. */
function ScreeningEd({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, patch, err } = fields;
  return (
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
  );
}

/** Low-dose naltrexone: asked for, its conditions, and opioids. */
function ScreeningLdn({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, asked, patch, err } = fields;
  return (
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
  );
}

/** Birth control: asked for, smoking, and pregnancy. */
function ScreeningBirthControl({ fields }: { fields: ScreeningFields }) {
  const t = useT();
  const { form, patch, err } = fields;
  return (
    <Fieldset legend={t('care.section.birthControl')} variant="unstyled" styles={sectionStyles}>
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
  );
}
