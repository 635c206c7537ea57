import {
  type AssessmentView,
  maxAllergies,
  maxComments,
  maxMedications,
} from '@apothecall/domain/assessments/assessment.api';
import {
  type AssessmentForm,
  assessmentConditions,
  assessmentForms,
  assessmentRefusalMessage,
  assessmentStateRefusal,
  assessmentSymptoms,
  assessmentUnavailableStates,
  continuationState,
  type DipstickResult,
  dipstickResults,
  hasDipstick,
  rapidTests,
  type TestResult,
  testResults,
} from '@apothecall/domain/assessments/assessment.rules';
import { calendarDateOfUtc, formatDobForDisplay } from '@apothecall/domain/dates/dates.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { languages } from '@apothecall/domain/i18n/i18n.rules';
import type { PharmacyMe } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { stateNameKey, usStateCodes } from '@apothecall/domain/places/places.rules';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { getPharmacyMe, pharmacyMeQueryKey } from '../../pharmacy/api/get-pharmacy-me';
import { assessmentsQueryKey, getAssessments } from '../api/get-assessments';
import { submitAssessment } from '../api/submit-assessment';
import {
  type AssessmentDraft,
  checkDraft,
  type DraftErrors,
  type DraftField,
  emptyDraft,
  switchForm,
} from '../components/assessment-draft';

const symptomKey = (id: string) => `assessment.symptom.${id}` as MessageKey;
const conditionKey = (id: string) => `assessment.condition.${id}` as MessageKey;

function RecentAssessments() {
  const t = useT();
  const lang = useLang();
  const list = useQuery({ queryKey: assessmentsQueryKey, queryFn: getAssessments });
  const day = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' }).format(
      new Date(iso),
    );
  const statusOf = (a: AssessmentView) => {
    if (a.status === 'continued') return 'continued' as const;
    return continuationState({ status: a.status, expiresAt: new Date(a.expiresAt) }, new Date()) ===
      'expired'
      ? ('expired' as const)
      : ('sent' as const);
  };
  return (
    <SectionCard title={t('assessmentUi.recent')} testId="assessment-recent">
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {t('assessmentUi.loadFailed', { message: errorText(t, list.error) })}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text size="sm">{t('assessmentUi.none')}</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.map((a) => {
            const status = statusOf(a);
            return (
              <li key={a.id} data-testid="assessment-row" data-status={status}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {t('assessmentUi.row', {
                        name: a.patientName,
                        form: t(`assessment.form.${a.form}`),
                        state: a.state,
                      })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('assessmentUi.sentOn', { date: day(a.createdAt) })}
                    </Text>
                  </Stack>
                  <Badge
                    variant="light"
                    color={
                      status === 'continued' ? 'green' : status === 'expired' ? 'gray' : 'blue'
                    }
                  >
                    {t(`assessmentUi.status.${status}`)}
                  </Badge>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * /assessment (spec section 1, "Pharmacy in-store assessment"; issue 20): the pharmacy's staff
 * fills in a urinary tract or upper respiratory infection intake with the patient in the store
 * and submits; the patient is e-mailed a link to continue the consultation. Its newest
 * assessments are listed below. What is known before the form is refused before it (issue 36,
 * finding 12): an unverified pharmacy is told what verification needs instead of the form (GET
 * /pharmacy/me), and the intake opens only once the patient's state is chosen and allowed.
 */
export function AssessmentScreen() {
  const t = useT();
  const me = useQuery({ queryKey: pharmacyMeQueryKey, queryFn: getPharmacyMe });
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="assessment">
      <Title order={1} size="h2">
        {t('assessmentUi.title')}
      </Title>
      <Text c="dimmed">{t('assessmentUi.lead')}</Text>
      {me.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : me.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text size="sm">{errorText(t, me.error)}</Text>
            <Button size="xs" variant="light" w="fit-content" onClick={() => void me.refetch()}>
              {t('pharmacyScreens.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <AssessmentIntake me={me.data} />
      )}
      <RecentAssessments />
    </Stack>
  );
}

/**
 * The intake for the signed-in pharmacy user `me`. An unverified pharmacy sees what verification
 * needs and how to ask for it, and no form. Otherwise the patient's state comes first: the rest
 * of the form opens only when the domain rule the server also applies (assessmentStateRefusal)
 * allows it, and a refused state (NY and the other listed states, one the pharmacy takes no
 * visits from, one outside a pharmacist's grant) shows the reason at once, before anything else
 * is typed. Other refusals show the server's message and nothing is sent.
 */
export function AssessmentIntake({ me }: { me: PharmacyMe }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<AssessmentDraft>(() => emptyDraft('uti'));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const submit = useMutation({
    mutationFn: submitAssessment,
    onSuccess: () => {
      setSent({ email: draft.email.trim().toLowerCase() });
      setDraft((d) => ({ ...emptyDraft(d.form), state: d.state }));
      void queryClient.invalidateQueries({ queryKey: assessmentsQueryKey });
    },
  });
  const set = <F extends DraftField>(field: F, value: AssessmentDraft[F]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    submit.reset();
  };
  const errorOf = (field: DraftField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : null;
  };
  const form = draft.form;

  if (!me.organization.verified) {
    return (
      <Alert color="yellow" role="alert" data-testid="assessment-unverified">
        <Text size="sm">{t('pharmacy.unverified')}</Text>
      </Alert>
    );
  }

  const refusal =
    draft.state === '' ? null : assessmentStateRefusal(draft.state, me.organization, me.grant);

  if (sent) {
    return (
      <Alert color="green" role="status" data-testid="assessment-sent">
        <Stack gap="xs">
          <Text size="sm">{t('assessmentUi.sent', { email: sent.email })}</Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => setSent(null)}>
            {t('assessmentUi.another')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Form
      onSubmit={() => {
        if (draft.state === '' || refusal) return;
        const checked = checkDraft(draft, calendarDateOfUtc(new Date()), isMessageKey);
        if (!checked.ok) {
          setErrors(checked.errors);
          return;
        }
        submit.mutate(checked.request);
      }}
    >
      <Stack gap="md">
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

        {draft.state === '' || refusal ? null : (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="assessment-form-label">
                {t('assessmentUi.form')}
              </Text>
              <SegmentedControl
                aria-labelledby="assessment-form-label"
                value={form}
                onChange={(value) => {
                  const next = assessmentForms.find((f) => f === value);
                  if (next) setDraft((d) => switchForm(d, next as AssessmentForm));
                  setErrors({});
                  submit.reset();
                }}
                data={assessmentForms.map((f) => ({ value: f, label: t(`assessment.form.${f}`) }))}
                data-testid="assessment-form"
              />
            </Stack>

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

            {submit.isError ? (
              <Alert color="red" role="alert" data-testid="assessment-error">
                {t('assessmentUi.failed', { message: errorText(t, submit.error) })}
              </Alert>
            ) : null}
            <Button
              type="submit"
              loading={submit.isPending}
              w="fit-content"
              data-testid="assessment-submit"
            >
              {t('assessmentUi.submit')}
            </Button>
          </>
        )}
      </Stack>
    </Form>
  );
}
