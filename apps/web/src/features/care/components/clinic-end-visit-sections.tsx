import {
  covidTestResults,
  covidTestTypes,
  maxCovidTestAgeDays,
} from '@apothecall/domain/care/covid-certificates.api';
import type { VisitOutcome, VisitWorkspace } from '@apothecall/domain/care/visits.api';
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
import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import { type ClinicEndVisitState, calendarDay, outcomeButton } from './use-clinic-end-visit';

/** The provider's note: subjective, objective, assessment and plan. */
export function ClinicSoapNote({ form }: { form: ClinicEndVisitState }) {
  const t = useT();
  const { draft, set, err } = form;
  return (
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
  );
}

/** The optional prescription, checked live with the rules the server applies; the patient's pharmacy named. */
export function ClinicPrescription({
  form,
  visit,
}: {
  form: ClinicEndVisitState;
  visit: VisitWorkspace;
}) {
  const t = useT();
  const { draft, set, err, violations } = form;
  return (
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
            <ClinicPrescriptionFields form={form} visit={visit} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('clinicUi.rx.none')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** A Covid certification visit's observed test: its type, result and day. */
export function ClinicCovidTest({ form }: { form: ClinicEndVisitState }) {
  const t = useT();
  const { draft, set, err } = form;
  return (
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
  );
}

/** The three ways to end the visit, the draft's refusal and the server's. */
export function ClinicEndVisitActions({ form }: { form: ClinicEndVisitState }) {
  const t = useT();
  const { summary, serverError, ask } = form;
  return (
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
              loading={form.pendingOutcome === outcome}
              disabled={form.pending}
            >
              {t(outcomeButton[outcome].label)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** The chosen ending's confirmation (with the medication, when one is prescribed). */
export function ClinicEndVisitConfirm({ form }: { form: ClinicEndVisitState }) {
  const t = useT();
  const { draft, confirming, setConfirming } = form;
  return (
    <Dialog
      opened={confirming !== null}
      onClose={() => (form.pending ? undefined : setConfirming(null))}
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
            <Button variant="default" onClick={() => setConfirming(null)} disabled={form.pending}>
              {t('clinicUi.confirm.cancel')}
            </Button>
            <Button
              color={outcomeButton[confirming].color}
              loading={form.pending}
              onClick={() => form.end(confirming)}
            >
              {t(`clinicUi.confirm.${confirming}.button`)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}

/** The prescription's strength, quantity, refills, directions and pharmacy. */
function ClinicPrescriptionFields({
  form,
  visit,
}: {
  form: ClinicEndVisitState;
  visit: VisitWorkspace;
}) {
  const t = useT();
  const { draft, set, err } = form;
  const patientPharmacy = visit.pharmacy;
  return (
    <>
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
    </>
  );
}
