import {
  type AssessmentForm,
  assessmentForms,
  assessmentStateRefusal,
} from '@apothecall/domain/assessments/assessment.rules';
import { calendarDateOfUtc } from '@apothecall/domain/dates/dates.rules';
import type { PharmacyMe } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Alert, Button, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Form } from '../../../components/form';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { usePharmacyMe } from '../../pharmacy/api/get-pharmacy-me';
import { useSubmitAssessment } from '../api/submit-assessment';
import {
  type AssessmentDraft,
  checkDraft,
  type DraftError,
  type DraftField,
  emptyDraft,
  switchForm,
} from '../components/assessment-draft';
import {
  CommentsField,
  HistoryFields,
  PatientFields,
  SymptomsFields,
  TestsFields,
  WhereField,
} from '../components/assessment-intake-fields';
import { RecentAssessments } from '../components/recent-assessments';

/**
 * /assessment (spec section 1, "Pharmacy in-store assessment"): the pharmacy's staff fills in a
 * urinary tract or upper respiratory infection intake with the patient in the store and submits;
 * the patient is e-mailed a link to continue the consultation. Its newest assessments are listed
 * below. What is known before the form is refused before it: an unverified pharmacy is told what
 * verification needs instead of the form (GET /pharmacy/me), and the intake opens only once the
 * patient's state is chosen and allowed.
 */
export function AssessmentScreen() {
  const t = useT();
  const me = usePharmacyMe();
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
  const intake = useDraft<AssessmentDraft, DraftError>(() => emptyDraft('uti'));
  const { draft, errors } = intake;
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const submit = useSubmitAssessment({
    onSuccess: () => {
      setSent({ email: draft.email.trim().toLowerCase() });
      // The next patient starts with the same form and state.
      intake.reset({ ...emptyDraft(draft.form), state: draft.state });
    },
  });
  const set = <F extends DraftField>(field: F, value: AssessmentDraft[F]) => {
    intake.set(field, value);
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

  if (sent) return <SentNotice email={sent.email} onAnother={() => setSent(null)} />;

  return (
    <Form
      onSubmit={() => {
        if (draft.state === '' || refusal) return;
        const checked = checkDraft(draft, calendarDateOfUtc(new Date()), isMessageKey);
        if (!checked.ok) {
          intake.refuse(checked.errors);
          return;
        }
        submit.mutate(checked.request);
      }}
    >
      <Stack gap="md">
        <WhereField draft={draft} set={set} errorOf={errorOf} refusal={refusal} />

        {draft.state === '' || refusal ? null : (
          <>
            <FormChoice
              form={form}
              onChoose={(next) => {
                if (next) intake.setDraft((d) => switchForm(d, next));
                intake.refuse({});
                submit.reset();
              }}
            />

            <PatientFields draft={draft} set={set} errorOf={errorOf} />
            <SymptomsFields draft={draft} set={set} errorOf={errorOf} />
            <HistoryFields draft={draft} set={set} errorOf={errorOf} />
            <TestsFields draft={draft} set={set} errorOf={errorOf} />
            <CommentsField draft={draft} set={set} errorOf={errorOf} />

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

/** The intake's form: urinary tract or upper respiratory infection. */
function FormChoice({
  form,
  onChoose,
}: {
  form: AssessmentForm;
  onChoose: (next: AssessmentForm | undefined) => void;
}) {
  const t = useT();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="assessment-form-label">
        {t('assessmentUi.form')}
      </Text>
      <SegmentedControl
        aria-labelledby="assessment-form-label"
        value={form}
        onChange={(value) => {
          const next = assessmentForms.find((f) => f === value);
          onChoose(next as AssessmentForm | undefined);
        }}
        data={assessmentForms.map((f) => ({ value: f, label: t(`assessment.form.${f}`) }))}
        data-testid="assessment-form"
      />
    </Stack>
  );
}

/** The intake went out: the patient's e-mail was sent the link; another may start. */
function SentNotice({ email, onAnother }: { email: string; onAnother: () => void }) {
  const t = useT();
  return (
    <Alert color="green" role="status" data-testid="assessment-sent">
      <Stack gap="xs">
        <Text size="sm">{t('assessmentUi.sent', { email })}</Text>
        <Button size="xs" variant="light" w="fit-content" onClick={onAnother}>
          {t('assessmentUi.another')}
        </Button>
      </Stack>
    </Alert>
  );
}
