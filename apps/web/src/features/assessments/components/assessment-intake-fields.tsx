import {
  maxAllergies,
  maxComments,
  maxMedications,
} from '@apothecall/domain/assessments/assessment.api';
import {
  assessmentConditions,
  assessmentRefusalMessage,
  type assessmentStateRefusal,
  assessmentSymptoms,
  assessmentUnavailableStates,
  type DipstickResult,
  dipstickResults,
  hasDipstick,
  rapidTests,
  type TestResult,
  testResults,
} from '@apothecall/domain/assessments/assessment.rules';
import { formatDobForDisplay } from '@apothecall/domain/dates/dates.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { languages } from '@apothecall/domain/i18n/i18n.rules';
import { stateNameKey, usStateCodes } from '@apothecall/domain/places/places.rules';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Alert,
  Checkbox,
  NativeSelect,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import type { AssessmentDraft, DraftField } from './assessment-draft';

/** The intake's sections, each given the draft, its setter and the field's refusal. */
export interface FieldsProps {
  draft: AssessmentDraft;
  set: <F extends DraftField>(field: F, value: AssessmentDraft[F]) => void;
  errorOf: (field: DraftField) => string | null;
}

type AssessmentStateRefusal = NonNullable<ReturnType<typeof assessmentStateRefusal>>;

const symptomKey = (id: string) => `assessment.symptom.${id}` as MessageKey;
const conditionKey = (id: string) => `assessment.condition.${id}` as MessageKey;

/** Who the patient is and how to reach them (the link is e-mailed). */
export function PatientFields({ draft, set, errorOf }: FieldsProps) {
  const t = useT();
  return (
    <SectionCard title={t('assessmentUi.section.patient')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('assessmentUi.firstName')}
          value={draft.firstName}
          onChange={(e) => set('firstName', e.currentTarget.value)}
          error={errorOf('firstName')}
          withAsterisk
          autoComplete="off"
        />
        <TextInput
          label={t('assessmentUi.lastName')}
          value={draft.lastName}
          onChange={(e) => set('lastName', e.currentTarget.value)}
          error={errorOf('lastName')}
          withAsterisk
          autoComplete="off"
        />
        <TextInput
          type="email"
          label={t('assessmentUi.email')}
          value={draft.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errorOf('email')}
          withAsterisk
          autoComplete="off"
        />
        <TextInput
          label={t('assessmentUi.dob')}
          value={draft.dob}
          onChange={(e) => set('dob', e.currentTarget.value)}
          onBlur={() => set('dob', formatDobForDisplay(draft.dob) ?? draft.dob)}
          error={errorOf('dob')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
        />
        <NativeSelect
          label={t('assessmentUi.gender')}
          value={draft.gender}
          onChange={(e) => set('gender', e.currentTarget.value)}
          error={errorOf('gender')}
          withAsterisk
          data={[
            { value: '', label: '' },
            ...(['M', 'F', 'X'] as const).map((g) => ({
              value: g,
              label: t(`assessmentUi.gender.${g}`),
            })),
          ]}
        />
        <TextInput
          type="tel"
          label={t('assessmentUi.phone')}
          value={draft.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          onBlur={() => set('phone', draft.phone.trim() ? formatPhone(draft.phone) : '')}
          error={errorOf('phone')}
          withAsterisk
          inputMode="tel"
          autoComplete="off"
        />
        <NativeSelect
          label={t('assessmentUi.language')}
          description={t('assessmentUi.languageHint')}
          value={draft.language}
          onChange={(e) => set('language', e.currentTarget.value)}
          error={errorOf('language')}
          withAsterisk
          data={[
            { value: '', label: '' },
            ...languages.map((code) => ({
              value: code,
              label: t(`shell.language.${code}`),
            })),
          ]}
        />
      </SimpleGrid>
    </SectionCard>
  );
}

/** The form's symptoms and since when. */
export function SymptomsFields({ draft, set, errorOf }: FieldsProps) {
  const t = useT();
  const form = draft.form;
  return (
    <SectionCard title={t('assessmentUi.section.symptoms')}>
      <Checkbox.Group
        label={t('assessmentUi.section.symptoms')}
        value={draft.symptoms}
        onChange={(value) => set('symptoms', value)}
        error={errorOf('symptoms')}
        withAsterisk
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {assessmentSymptoms[form].map((s) => (
            <Checkbox key={s} value={s} label={t(symptomKey(s))} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <TextInput
        label={t('assessmentUi.onsetDays')}
        value={draft.onsetDays}
        onChange={(e) => set('onsetDays', e.currentTarget.value)}
        error={errorOf('onsetDays')}
        withAsterisk
        inputMode="numeric"
        maw={240}
      />
    </SectionCard>
  );
}

/** Pregnancy, recent antibiotics, recurrences, conditions, allergies and medications. */
export function HistoryFields({ draft, set, errorOf }: FieldsProps) {
  const t = useT();
  const form = draft.form;
  return (
    <SectionCard title={t('assessmentUi.section.history')}>
      <Checkbox
        label={t('assessment.history.pregnancy')}
        checked={draft.pregnantOrBreastfeeding}
        onChange={(e) => set('pregnantOrBreastfeeding', e.currentTarget.checked)}
      />
      <Checkbox
        label={t('assessment.history.recentAntibiotics')}
        checked={draft.recentAntibiotics}
        onChange={(e) => set('recentAntibiotics', e.currentTarget.checked)}
      />
      <Checkbox
        label={t('assessment.history.recurrentInfections')}
        checked={draft.recurrentInfections}
        onChange={(e) => set('recurrentInfections', e.currentTarget.checked)}
      />
      <Checkbox.Group
        label={t('assessment.history.conditions')}
        value={draft.conditions}
        onChange={(value) => set('conditions', value)}
        error={errorOf('conditions')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {assessmentConditions[form].map((c) => (
            <Checkbox key={c} value={c} label={t(conditionKey(c))} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Textarea
        label={t('assessment.history.allergies')}
        value={draft.allergies}
        onChange={(e) => set('allergies', e.currentTarget.value)}
        error={errorOf('allergies')}
        maxLength={maxAllergies}
        autosize
        minRows={1}
      />
      <Textarea
        label={t('assessment.history.medications')}
        value={draft.medications}
        onChange={(e) => set('medications', e.currentTarget.value)}
        error={errorOf('medications')}
        maxLength={maxMedications}
        autosize
        minRows={1}
      />
    </SectionCard>
  );
}

/** The rapid tests' results (and the urine dipstick's, on the urinary form). */
export function TestsFields({ draft, set, errorOf }: FieldsProps) {
  const t = useT();
  const form = draft.form;
  return (
    <SectionCard title={t('assessmentUi.section.tests')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {rapidTests.map((test) => (
          <NativeSelect
            key={test}
            label={t(`assessment.test.${test}`)}
            value={draft[test]}
            onChange={(e) => set(test, e.currentTarget.value as TestResult)}
            error={errorOf(test)}
            data={testResults.map((r) => ({
              value: r,
              label: t(`assessment.result.${r}`),
            }))}
          />
        ))}
        {hasDipstick(form) ? (
          <NativeSelect
            label={t('assessment.test.urineDipstick')}
            value={draft.urineDipstick}
            onChange={(e) => set('urineDipstick', e.currentTarget.value as DipstickResult)}
            error={errorOf('urineDipstick')}
            data={dipstickResults.map((r) => ({
              value: r,
              label: t(`assessment.dipstick.${r}`),
            }))}
          />
        ) : null}
      </SimpleGrid>
    </SectionCard>
  );
}

/** The pharmacist's comments. */
export function CommentsField({ draft, set, errorOf }: FieldsProps) {
  const t = useT();
  return (
    <SectionCard title={t('assessmentUi.section.comments')}>
      <Textarea
        label={t('assessmentUi.comments')}
        value={draft.comments}
        onChange={(e) => set('comments', e.currentTarget.value)}
        error={errorOf('comments')}
        maxLength={maxComments}
        autosize
        minRows={2}
      />
    </SectionCard>
  );
}

/**
 * The patient's state, first: the intake opens only for a state the pharmacy may take (the
 * refusal, if any, is shown at once).
 */
export function WhereField({
  draft,
  set,
  errorOf,
  refusal,
}: FieldsProps & { refusal: AssessmentStateRefusal | null }) {
  const t = useT();
  return (
    <SectionCard title={t('assessmentUi.section.where')}>
      <Text size="sm">
        {t('assessmentUi.unavailable', { states: assessmentUnavailableStates.join(', ') })}
      </Text>
      <NativeSelect
        label={t('assessmentUi.state')}
        value={draft.state}
        onChange={(e) => set('state', e.currentTarget.value)}
        error={errorOf('state')}
        withAsterisk
        maw={360}
        data={[
          { value: '', label: '' },
          ...usStateCodes.map((code) => ({ value: code, label: t(stateNameKey(code)) })),
        ]}
        data-testid="assessment-state"
      />
      {draft.state === '' ? (
        <Text size="sm" c="dimmed" data-testid="assessment-state-first">
          {t('assessmentUi.stateFirst')}
        </Text>
      ) : refusal ? (
        <Alert color="yellow" role="alert" data-testid="assessment-refused">
          {t(assessmentRefusalMessage[refusal], { state: draft.state })}
        </Alert>
      ) : null}
    </SectionCard>
  );
}
