import {
  type ScreeningAnswers,
  screeningAnswersSchema,
  visitScreenResultSchema,
} from '@apothecall/domain/care/screening.evaluate';
import { bodyMeasurements } from '@apothecall/domain/care/screening.rules';
import type { VisitWorkspace } from '@apothecall/domain/care/visits.api';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import { Alert, Card, Code, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Translate, useT } from '../../../lib/i18n';
import { Facts } from './clinic-facts';
import {
  alarmLabel,
  formatCalendarDate,
  genderLabel,
  reasonLabel,
  stateLabel,
} from './clinic-format';

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" p="md" component="section" data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The stored screening: { passed, answers } (visitScreenResult) or the bare answers. */
export function readScreening(screening: unknown): ScreeningAnswers | null | 'unreadable' {
  if (screening === null || screening === undefined) return null;
  const result = visitScreenResultSchema.safeParse(screening);
  if (result.success) return result.data.answers;
  const answers = screeningAnswersSchema.safeParse(screening);
  return answers.success ? answers.data : 'unreadable';
}

function yesNo(t: Translate, value: boolean): string {
  return value ? t('clinicUi.yes') : t('clinicUi.no');
}

function listOrNone(t: Translate, items: readonly string[]): string {
  return items.length > 0 ? items.join(', ') : t('clinicUi.screening.noneReported');
}

export function PatientCard({ visit }: { visit: VisitWorkspace }) {
  const t = useT();
  const p = visit.patient;
  return (
    <Section title={t('clinicUi.patient.title')} testId="patient-card">
      <Facts
        rows={[
          { label: t('clinicUi.patient.name'), value: `${p.firstName} ${p.lastName}` },
          { label: t('clinicUi.patient.age'), value: t('clinicUi.ageYears', { age: p.age }) },
          { label: t('clinicUi.patient.gender'), value: genderLabel(t, p.gender) },
          { label: t('clinicUi.patient.dob'), value: formatCalendarDate(p.dob) },
          {
            label: t('clinicUi.patient.phone'),
            value: p.phone ? <a href={`tel:${p.phone}`}>{formatPhone(p.phone)}</a> : '—',
          },
          { label: t('clinicUi.patient.location'), value: stateLabel(t, visit.location) },
        ]}
      />
    </Section>
  );
}

export function ReasonCard({ visit }: { visit: VisitWorkspace }) {
  const t = useT();
  return (
    <Section title={t('clinicUi.reason.title')} testId="reason-card">
      <Text fw={600}>{reasonLabel(t, visit.reason)}</Text>
      <Text size="sm" c="dimmed">
        {t('clinicUi.reason.notes')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {visit.notes.trim() ? visit.notes : t('clinicUi.reason.noNotes')}
      </Text>
    </Section>
  );
}

export function AlarmsAlert({ alarms }: { alarms: readonly string[] }) {
  const t = useT();
  if (alarms.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      title={t('clinicUi.alarms.title')}
      role="note"
      data-testid="alarms"
    >
      <List size="sm" c="white">
        {alarms.map((alarm) => (
          <List.Item key={alarm} data-alarm={alarm}>
            {alarmLabel(t, alarm)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

export function ScreeningCard({ visit }: { visit: VisitWorkspace }) {
  const t = useT();
  const answers = readScreening(visit.screening);
  const alarms = new Set(visit.alarms);
  const allergies = visit.allergies.length
    ? visit.allergies
    : answers && answers !== 'unreadable'
      ? answers.allergies
      : [];
  const medications = visit.medications.length
    ? visit.medications
    : answers && answers !== 'unreadable'
      ? answers.medications
      : [];

  if (answers === null || answers === 'unreadable') {
    return (
      <ScreeningUnread
        screening={visit.screening}
        unreadable={answers === 'unreadable'}
        allergies={allergies}
        medications={medications}
      />
    );
  }

  return (
    <Section title={t('clinicUi.screening.title')} testId="screening-card">
      {answers.emergencySigns.length > 0 ? (
        <Alert color="red" title={t('clinicUi.screening.emergencySigns')}>
          {answers.emergencySigns.map((id) => t(`care.emergency.${id}`)).join(', ')}
        </Alert>
      ) : null}
      <ScreeningVitals answers={answers} alarms={alarms} />
      <Title order={3} size="h5">
        {t('clinicUi.screening.history')}
      </Title>
      <Facts
        rows={[
          { label: t('care.section.allergies'), value: listOrNone(t, allergies) },
          { label: t('care.section.medications'), value: listOrNone(t, medications) },
          {
            label: t('care.section.medicalProblems'),
            value: listOrNone(
              t,
              answers.medicalProblems.map((id) => t(`care.comorbidity.${id}`)),
            ),
            highlight: alarms.has('metabolic'),
            testId: 'screening-problems',
          },
        ]}
      />
      <ScreeningRequests answers={answers} />
    </Section>
  );
}

/** A visit without readable screening answers: its lists, and why nothing more is shown. */
function ScreeningUnread({
  screening,
  unreadable,
  allergies,
  medications,
}: {
  screening: unknown;
  unreadable: boolean;
  allergies: readonly string[];
  medications: readonly string[];
}) {
  const t = useT();
  return (
    <Section title={t('clinicUi.screening.title')} testId="screening-card">
      <Facts
        rows={[
          { label: t('care.section.allergies'), value: listOrNone(t, allergies) },
          { label: t('care.section.medications'), value: listOrNone(t, medications) },
        ]}
      />
      {!unreadable ? (
        <Text size="sm" c="dimmed">
          {t('clinicUi.screening.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('clinicUi.screening.unreadable')}
          </Text>
          <Code block>{JSON.stringify(screening, null, 2)}</Code>
        </>
      )}
    </Section>
  );
}

/** The vitals, the blood pressure and BMI marked when they raised an alarm. */
function ScreeningVitals({ answers, alarms }: { answers: ScreeningAnswers; alarms: Set<string> }) {
  const t = useT();
  const { vitals } = answers;
  const body =
    vitals.weight && vitals.height
      ? bodyMeasurements({
          weight: vitals.weight,
          height: vitals.height,
          ...(vitals.waist ? { waist: vitals.waist } : {}),
        })
      : undefined;
  const measured = (m: { value: number; unit: string } | null) =>
    m ? `${m.value} ${m.unit}` : t('clinicUi.screening.notGiven');
  return (
    <>
      <Title order={3} size="h5">
        {t('care.section.vitals')}
      </Title>
      <Facts
        rows={[
          {
            label: t('clinicUi.screening.bloodPressure'),
            value: vitals.bloodPressure || t('clinicUi.screening.notGiven'),
            highlight: alarms.has('highBloodPressure'),
            testId: 'screening-bp',
          },
          { label: t('clinicUi.screening.weight'), value: measured(vitals.weight) },
          { label: t('clinicUi.screening.height'), value: measured(vitals.height) },
          { label: t('clinicUi.screening.waist'), value: measured(vitals.waist) },
          {
            label: t('clinicUi.screening.bmi'),
            value: body ? body.bmi.toFixed(1) : t('clinicUi.screening.notGiven'),
            highlight: alarms.has('bmiOver40'),
            testId: 'screening-bmi',
          },
        ]}
      />
    </>
  );
}

/** What the patient asked for: ED medication, low-dose naltrexone, birth control. */
function ScreeningRequests({ answers }: { answers: ScreeningAnswers }) {
  const t = useT();
  return (
    <>
      {answers.ed ? (
        <>
          <Title order={3} size="h5">
            {t('care.section.ed')}
          </Title>
          <Facts
            rows={[
              { label: t('clinicUi.screening.requested'), value: yesNo(t, answers.ed.requested) },
              {
                label: t('clinicUi.screening.takesNitrates'),
                value: yesNo(t, answers.ed.takesNitrates),
                highlight: answers.ed.takesNitrates,
              },
            ]}
          />
        </>
      ) : null}
      {answers.ldn ? (
        <>
          <Title order={3} size="h5">
            {t('care.section.ldn')}
          </Title>
          <Facts
            rows={[
              { label: t('clinicUi.screening.requested'), value: yesNo(t, answers.ldn.requested) },
              {
                label: t('clinicUi.screening.conditions'),
                value: listOrNone(
                  t,
                  answers.ldn.conditions.map((id) => t(`care.ldn.condition.${id}`)),
                ),
              },
              {
                label: t('clinicUi.screening.takesOpioids'),
                value: yesNo(t, answers.ldn.takesOpioids),
                highlight: answers.ldn.takesOpioids,
              },
            ]}
          />
        </>
      ) : null}
      {answers.birthControl ? (
        <>
          <Title order={3} size="h5">
            {t('care.section.birthControl')}
          </Title>
          <Facts
            rows={[
              {
                label: t('clinicUi.screening.requested'),
                value: yesNo(t, answers.birthControl.requested),
              },
              {
                label: t('clinicUi.screening.smoker'),
                value: yesNo(t, answers.birthControl.smoker),
              },
              {
                label: t('clinicUi.screening.pregnant'),
                value: yesNo(t, answers.birthControl.pregnant),
                highlight: answers.birthControl.pregnant,
              },
            ]}
          />
        </>
      ) : null}
    </>
  );
}

export function PharmacyCard({ visit }: { visit: VisitWorkspace }) {
  const t = useT();
  const ph = visit.pharmacy;
  return (
    <Section title={t('clinicUi.pharmacy.title')} testId="pharmacy-card">
      {ph ? (
        <Facts
          rows={[
            { label: t('clinicUi.pharmacy.name'), value: ph.name },
            {
              label: t('clinicUi.pharmacy.address'),
              value: [ph.address, [ph.city, ph.state].filter(Boolean).join(', '), ph.zip]
                .filter(Boolean)
                .join(' '),
            },
            {
              label: t('clinicUi.pharmacy.phone'),
              value: ph.phone ? <a href={`tel:${ph.phone}`}>{ph.phone}</a> : '—',
            },
            { label: t('clinicUi.pharmacy.fax'), value: ph.fax || '—' },
            { label: t('clinicUi.pharmacy.ncpdp'), value: ph.ncpdpId },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('clinicUi.pharmacy.none')}
        </Text>
      )}
    </Section>
  );
}
