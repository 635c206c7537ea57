import type { BirthGender } from '@apothecall/domain/care/screening.rules';
import {
  evaluateRxAnswers,
  optionsOffered,
  questionsAsked,
  type RxAnswerOption,
  type RxAnswers,
  type RxProduct,
  type RxQuestion,
  type RxSection,
  rxSections,
} from '@apothecall/domain/rx/rx-products.rules';
import type { RxVisitsMessageKey } from '@apothecall/domain/rx/rx-visits.messages';
import { Alert, Checkbox, Fieldset, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { type Translate, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { RxStepFrame } from './rx-step-frame';

/** Section legends read as the section's heading. */
const sectionStyles = {
  legend: {
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-lg)',
    marginBottom: 'var(--mantine-spacing-xs)',
  },
} as const;

export interface RxPatientFacts {
  readonly userId: string;
  readonly age: number;
  readonly birthGender?: BirthGender;
}

function optionLabel(t: Translate, option: RxAnswerOption): string {
  return option.labelKey ? t(option.labelKey) : (option.label ?? option.id);
}

function QuestionField({
  question,
  patient,
  value,
  error,
  onChange,
}: {
  question: RxQuestion;
  patient: RxPatientFacts;
  value: RxAnswers[string] | undefined;
  error: string | undefined;
  onChange: (value: string | string[]) => void;
}) {
  const t = useT();
  const label = t(question.phraseKey);
  const options = optionsOffered(question, patient);
  const hint = options.some((o) => o.asksAttachment)
    ? t('rxScreens.questions.attachmentHint')
    : undefined;
  const common = { label, error, withAsterisk: question.required, 'data-question': question.id };
  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group
          {...common}
          description={hint}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        >
          <Stack gap={6} mt="xs">
            {options.map((o) => (
              <Radio key={o.id} value={o.id} label={optionLabel(t, o)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multi':
      return <MultiQuestion common={common} options={options} value={value} onChange={onChange} />;
    case 'text':
      return (
        <Textarea
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
        />
      );
    case 'bloodPressure':
      return (
        <TextInput
          {...common}
          description={t('rxScreens.questions.bpHint')}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={9}
          w={{ base: '100%', xs: 240 }}
        />
      );
    case 'number':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={6}
          w={{ base: '100%', xs: 240 }}
        />
      );
  }
}

/**
 * The treatment's evaluation, by section, with its branches (a question shown only after a
 * given answer), evaluated in the browser with the same function the server runs
 * (evaluateRxAnswers): missing answers are marked; a stop ends the flow with its text. The
 * answers are the step's draft, started from those the flow holds and handed back to it as they
 * change (the flow keeps them while another step is shown).
 */
export function RxQuestionsStep({
  index,
  total,
  product,
  patient,
  answers,
  submitting,
  problem,
  onChange,
  onBack,
  onStopped,
  onPassed,
}: {
  index: number;
  total: number;
  product: RxProduct;
  patient: RxPatientFacts;
  /** The answers the flow holds: the draft starts from them. */
  answers: RxAnswers;
  submitting: boolean;
  problem: ReactNode;
  /** Each change of the draft, for the flow to keep. */
  onChange: (answers: RxAnswers) => void;
  onBack: () => void;
  onStopped: (stop: RxVisitsMessageKey) => void;
  /** The answers of the questions asked (the others dropped). */
  onPassed: (answers: RxAnswers) => void;
}) {
  const t = useT();
  // Refusals are keyed by the question's id.
  const form = useDraft<RxAnswers, RxVisitsMessageKey, string>(answers);
  const { draft, errors } = form;
  const [incomplete, setIncomplete] = useState(false);
  const asked = questionsAsked(product, draft, patient);

  // A treatment this patient cannot have whatever they answer (age, birth gender) stops at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked when the step opens.
  useEffect(() => {
    const before = evaluateRxAnswers(product, {}, patient).stops;
    const stop = before.find((key) => key === 'rx.stop.age' || key === 'rx.stop.gender');
    if (stop) onStopped(stop);
  }, []);
  const bySection = rxSections
    .map((section): [RxSection, RxQuestion[]] => [
      section,
      asked.filter((q) => q.section === section),
    ])
    .filter(([, questions]) => questions.length > 0);

  const errorOf = (questionId: string) => {
    const key = errors[questionId];
    return key ? t(key) : undefined;
  };

  const submit = () => {
    const evaluation = evaluateRxAnswers(product, draft, patient);
    const found: Record<string, RxVisitsMessageKey> = {};
    for (const issue of evaluation.issues) found[issue.questionId] ??= issue.key;
    form.refuse(found);
    const firstStop = evaluation.stops[0];
    if (firstStop) {
      onStopped(firstStop);
      return;
    }
    if (evaluation.issues.length > 0) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    const kept: Record<string, string | readonly string[]> = {};
    for (const question of asked) {
      const value = draft[question.id];
      if (value !== undefined) kept[question.id] = value;
    }
    onPassed(kept);
  };

  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxScreens.questions.title')}
      testId="rx-step-questions"
      onBack={onBack}
      onContinue={submit}
      continueLabel={t('rxUi.flow.submit')}
      continueLoading={submitting}
    >
      <Stack gap="xl">
        {bySection.map(([section, questions]) => (
          <Fieldset
            key={section}
            legend={t(`rx.section.${section}`)}
            variant="unstyled"
            styles={sectionStyles}
          >
            <Stack gap="lg">
              {questions.map((question) => (
                <QuestionField
                  key={question.id}
                  question={question}
                  patient={patient}
                  value={draft[question.id]}
                  error={errorOf(question.id)}
                  onChange={(value) => {
                    form.set(question.id, value);
                    onChange({ ...draft, [question.id]: value });
                  }}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
      </Stack>
      {incomplete ? (
        <Alert color="red" role="alert">
          {t('rxScreens.questions.answerAll')}
        </Alert>
      ) : null}
      {problem}
      <Text size="xs" c="dimmed">
        * {t('rxScreens.questions.required')}
      </Text>
    </RxStepFrame>
  );
}

/** A question of several choices: 'None of these' excludes the others, and they exclude it. */
function MultiQuestion({
  common,
  options,
  value,
  onChange,
}: {
  common: {
    label: string;
    error: string | undefined;
    withAsterisk: boolean;
    'data-question': string;
  };
  options: ReturnType<typeof optionsOffered>;
  value: RxAnswers[string] | undefined;
  onChange: (value: string | string[]) => void;
}) {
  const t = useT();
  const values = Array.isArray(value) ? [...value] : [];
  return (
    <Checkbox.Group
      {...common}
      value={values}
      onChange={(next) => {
        // 'None of these' excludes the others, and the others exclude it.
        const added = next.find((id) => !values.includes(id));
        onChange(added === 'none' ? ['none'] : added ? next.filter((id) => id !== 'none') : next);
      }}
    >
      <Stack gap={6} mt="xs">
        {options.map((o) => (
          <Checkbox key={o.id} value={o.id} label={optionLabel(t, o)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
