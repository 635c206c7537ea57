import {
  covidTestResults,
  covidTestTypes,
  maxCovidTestAgeDays,
} from '@apothecall/domain/care/covid-certificates.api';
import type { VisitOutcome, VisitWorkspace } from '@apothecall/domain/care/visits.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { checkPrescription } from '@apothecall/domain/rx/medications.rules';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { appStoragePrefix } from '../../../lib/session-store';
import { type EndVisitResult, endClinicVisit } from '../api/clinic-end-visit';
import { clinicQueueQueryKey } from '../api/clinic-get-queue';
import { clinicVisitQueryKey } from '../api/clinic-get-visit';
import {
  checkEndVisitDraft,
  type EndVisitDraft,
  type EndVisitDraftErrors,
  emptyEndVisitDraft,
  recordsCovidTest,
  restoreEndVisitDraft,
  toEndVisitRequest,
} from './clinic-end-visit-draft';

/**
 * A day on this device's calendar, `daysBack` days before today (YYYY-MM-DD): the date picker
 * offers a test from the last maxCovidTestAgeDays days up to today (the server checks again).
 */
function calendarDay(daysBack = 0): string {
  const day = new Date();
  day.setDate(day.getDate() - daysBack);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The draft survives a reload of the workspace (a call can be reloaded mid-visit) in this tab's
 * sessionStorage, under the app prefix, so logging out clears it; it is removed once the visit
 * ends.
 */
const draftKey = (visitId: string) => `${appStoragePrefix}clinic.draft.${visitId}`;

function loadDraft(visit: VisitWorkspace): EndVisitDraft {
  try {
    return restoreEndVisitDraft(globalThis.sessionStorage?.getItem(draftKey(visit.visitId)), visit);
  } catch {
    return emptyEndVisitDraft(visit);
  }
}

const outcomeButton: Record<VisitOutcome, { label: MessageKey; color: string; variant: string }> = {
  completed: { label: 'clinicUi.end.complete', color: 'green', variant: 'filled' },
  refund: { label: 'clinicUi.end.refund', color: 'orange', variant: 'light' },
  noShow: { label: 'clinicUi.end.noShow', color: 'gray', variant: 'light' },
};

/**
 * The provider's note (SOAP), optional prescription (checked live with the same rules the server
 * applies) and the three ways to end the visit, each behind a confirmation. The draft is checked
 * by the domain's end-visit rules (clinic-end-visit-draft.ts) before the confirmation opens.
 */
export function ClinicEndVisitForm(props: {
  visit: VisitWorkspace;
  onEnded: (outcome: VisitOutcome, result: EndVisitResult, withRx: boolean) => void;
}) {
  const { visit, onEnded } = props;
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<EndVisitDraft>(() => loadDraft(visit));
  const [errors, setErrors] = useState<EndVisitDraftErrors>({});
  const [summary, setSummary] = useState<MessageKey | null>(null);
  const [confirming, setConfirming] = useState<VisitOutcome | null>(null);
  // A Covid certification visit records the test it observed (issue 19).
  const covid = recordsCovidTest(visit);

  useEffect(() => {
    try {
      globalThis.sessionStorage?.setItem(draftKey(visit.visitId), JSON.stringify(draft));
    } catch {
      // Storage full or unavailable: the draft simply does not survive a reload.
    }
  }, [draft, visit.visitId]);

  const set = <K extends keyof EndVisitDraft>(key: K, value: EndVisitDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // The same check the server runs, as the provider types.
  const violations = useMemo(() => {
    if (!draft.rxOn || draft.medication.trim().length < 2) return [];
    return checkPrescription({
      medications: [draft.medication],
      prepaid: false,
      state: visit.location,
      currentMedications: visit.medications,
    });
  }, [draft.rxOn, draft.medication, visit.location, visit.medications]);

  const mutation = useMutation({
    mutationFn: (outcome: VisitOutcome) =>
      endClinicVisit(visit.visitId, toEndVisitRequest(draft, outcome, covid)),
    onSuccess: (result, outcome) => {
      setConfirming(null);
      try {
        globalThis.sessionStorage?.removeItem(draftKey(visit.visitId));
      } catch {
        // ignore
      }
      void queryClient.invalidateQueries({ queryKey: clinicVisitQueryKey(visit.visitId) });
      void queryClient.invalidateQueries({ queryKey: clinicQueueQueryKey });
      onEnded(outcome, result, outcome === 'completed' && draft.rxOn);
    },
    onError: () => setConfirming(null),
  });

  const ask = (outcome: VisitOutcome) => {
    mutation.reset();
    const check = checkEndVisitDraft(draft, outcome, covid);
    setErrors(check.errors);
    setSummary(check.summary);
    if (check.summary) return;
    if (outcome === 'completed' && draft.rxOn && violations.length > 0) {
      setSummary('clinicUi.rx.blocked');
      return;
    }
    setConfirming(outcome);
  };

  const err = (key: keyof EndVisitDraft) => {
    const message = errors[key];
    return message ? (isMessageKey(message) ? t(message) : message) : undefined;
  };
  const serverError =
    mutation.error instanceof ApiError
      ? mutation.error.message
      : mutation.error
        ? t('errors.network')
        : null;
  const patientPharmacy = visit.pharmacy;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" p="md" component="section" data-testid="soap-note">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('clinicUi.note.title')}
          </Title>
          <Textarea
            label={t('clinicUi.note.subjective')}
            value={draft.subjective}
            onChange={(e) => set('subjective', e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={10_000}
            error={err('subjective')}
          />
          <Textarea
            label={t('clinicUi.note.objective')}
            value={draft.objective}
            onChange={(e) => set('objective', e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={10_000}
            error={err('objective')}
          />
          <Textarea
            label={t('clinicUi.note.assessment')}
            value={draft.assessment}
            onChange={(e) => set('assessment', e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={10_000}
            error={err('assessment')}
          />
          <Textarea
            label={t('clinicUi.note.plan')}
            value={draft.plan}
            onChange={(e) => set('plan', e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={10_000}
            error={err('plan')}
          />
        </Stack>
      </Card>

      <Card withBorder radius="md" p="md" component="section" data-testid="prescription-form">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('clinicUi.rx.title')}
          </Title>
          <Switch
            label={t('clinicUi.rx.toggle')}
            checked={draft.rxOn}
            onChange={(e) => set('rxOn', e.currentTarget.checked)}
          />
          {draft.rxOn ? (
            <Stack gap="xs">
              <TextInput
                label={t('clinicUi.rx.medication')}
                value={draft.medication}
                onChange={(e) => set('medication', e.currentTarget.value)}
                maxLength={200}
                error={err('medication')}
              />
              {violations.length > 0 ? (
                <Alert
                  color="red"
                  role="alert"
                  title={t('clinicUi.rx.blocked')}
                  data-testid="rx-violations"
                >
                  <List size="sm">
                    {violations.map((v) => (
                      <List.Item key={`${v.rule}:${v.medication ?? ''}`} data-rule={v.rule}>
                        {t(v.key, v.params)}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                <TextInput
                  label={t('clinicUi.rx.strength')}
                  placeholder={t('clinicUi.rx.strengthHint')}
                  value={draft.strength}
                  onChange={(e) => set('strength', e.currentTarget.value)}
                  maxLength={100}
                  error={err('strength')}
                />
                <NumberInput
                  label={t('clinicUi.rx.quantity')}
                  value={draft.quantity}
                  onChange={(v) => set('quantity', v)}
                  min={1}
                  max={1000}
                  allowDecimal={false}
                  allowNegative={false}
                  error={err('quantity')}
                />
                <NumberInput
                  label={t('clinicUi.rx.refills')}
                  value={draft.refills}
                  onChange={(v) => set('refills', v)}
                  min={0}
                  max={11}
                  allowDecimal={false}
                  allowNegative={false}
                  error={err('refills')}
                />
              </SimpleGrid>
              <Textarea
                label={t('clinicUi.rx.directions')}
                placeholder={t('clinicUi.rx.directionsHint')}
                value={draft.directions}
                onChange={(e) => set('directions', e.currentTarget.value)}
                autosize
                minRows={2}
                maxLength={1000}
                error={err('directions')}
              />
              <TextInput
                label={t('clinicUi.rx.pharmacy')}
                description={
                  patientPharmacy && draft.pharmacyNcpdpId.trim() === patientPharmacy.ncpdpId
                    ? t('clinicUi.rx.pharmacyPatient', { name: patientPharmacy.name })
                    : patientPharmacy
                      ? t('clinicUi.rx.pharmacyOther', { name: patientPharmacy.name })
                      : undefined
                }
                value={draft.pharmacyNcpdpId}
                onChange={(e) => set('pharmacyNcpdpId', e.currentTarget.value)}
                maxLength={20}
                error={err('pharmacyNcpdpId')}
              />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('clinicUi.rx.none')}
            </Text>
          )}
        </Stack>
      </Card>

      {covid ? (
        <Card withBorder radius="md" p="md" component="section" data-testid="covid-test">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('documentUi.covid.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('documentUi.covid.hint')}
            </Text>
            <Radio.Group
              label={t('documentUi.covid.testType')}
              value={draft.covidTestType}
              onChange={(value) => set('covidTestType', value)}
              error={err('covidTestType')}
              withAsterisk
            >
              <Group gap="md" mt={4}>
                {covidTestTypes.map((type) => (
                  <Radio key={type} value={type} label={t(`certificates.testType.${type}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group
              label={t('documentUi.covid.result')}
              value={draft.covidResult}
              onChange={(value) => set('covidResult', value)}
              error={err('covidResult')}
              withAsterisk
            >
              <Group gap="md" mt={4}>
                {covidTestResults.map((result) => (
                  <Radio key={result} value={result} label={t(`certificates.result.${result}`)} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              type="date"
              label={t('documentUi.covid.testedOn')}
              value={draft.covidTestedOn}
              min={calendarDay(maxCovidTestAgeDays)}
              max={calendarDay()}
              onChange={(e) => set('covidTestedOn', e.currentTarget.value)}
              error={err('covidTestedOn')}
              withAsterisk
              maw={240}
            />
          </Stack>
        </Card>
      ) : null}

      <Card withBorder radius="md" p="md" component="section" data-testid="end-visit">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('clinicUi.end.title')}
          </Title>
          {summary ? (
            <Alert color="red" role="alert">
              {t(summary)}
            </Alert>
          ) : null}
          {serverError ? (
            <Alert color="red" role="alert" title={t('clinicUi.end.failedTitle')}>
              {serverError}
            </Alert>
          ) : null}
          <Group gap="xs" wrap="wrap">
            {(Object.keys(outcomeButton) as VisitOutcome[]).map((outcome) => (
              <Button
                key={outcome}
                color={outcomeButton[outcome].color}
                variant={outcomeButton[outcome].variant}
                onClick={() => ask(outcome)}
                loading={mutation.isPending && mutation.variables === outcome}
                disabled={mutation.isPending}
              >
                {t(outcomeButton[outcome].label)}
              </Button>
            ))}
          </Group>
        </Stack>
      </Card>

      <Dialog
        opened={confirming !== null}
        onClose={() => (mutation.isPending ? undefined : setConfirming(null))}
        title={confirming ? t(`clinicUi.confirm.${confirming}.title`) : ''}
      >
        {confirming ? (
          <Stack gap="md">
            <Text size="sm">
              {confirming === 'completed'
                ? draft.rxOn
                  ? t('clinicUi.confirm.completed.withRx', {
                      medication: `${draft.medication.trim()} ${draft.strength.trim()}`.trim(),
                    })
                  : t('clinicUi.confirm.completed.noRx')
                : t(`clinicUi.confirm.${confirming}.body`)}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                onClick={() => setConfirming(null)}
                disabled={mutation.isPending}
              >
                {t('clinicUi.confirm.cancel')}
              </Button>
              <Button
                color={outcomeButton[confirming].color}
                loading={mutation.isPending}
                onClick={() => mutation.mutate(confirming)}
              >
                {t(`clinicUi.confirm.${confirming}.button`)}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Dialog>
    </Stack>
  );
}
