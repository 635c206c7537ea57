import {
  bookingHorizonDays,
  slotMinuteChoices,
} from '@apothecall/domain/appointments/appointments.api';
import { weekdayCodes } from '@apothecall/domain/appointments/availability.rules';
import { addDays } from '@apothecall/domain/dates/zones.rules';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  TextInput,
} from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { timeZoneOptions } from './appointment-format';
import type { AvailabilityDraft, AvailabilityField } from './availability-form-check';

/** The form's fields, each group given the draft, its setter and a field's refusal. */
export interface AvailabilityFieldsProps {
  draft: AvailabilityDraft;
  set: <K extends keyof AvailabilityDraft>(field: K, value: AvailabilityDraft[K]) => void;
  error: (field: AvailabilityField) => string | undefined;
}

/** Weekly (the weekdays, a start and an optional end date) or one date, within the horizon. */
export function DateFields({
  draft,
  set,
  error,
  today,
}: AvailabilityFieldsProps & { today: string }) {
  const t = useT();
  const weekly = draft.kind === 'weekly';
  const maxDate = addDays(today, bookingHorizonDays);
  return (
    <>
      <Radio.Group
        label={t('appointmentUi.form.kind')}
        value={draft.kind}
        onChange={(value) => set('kind', value === 'single' ? 'single' : 'weekly')}
      >
        <Group gap="lg" mt="xs">
          <Radio
            value="weekly"
            label={t('appointmentUi.form.weekly')}
            data-testid="availability-weekly"
          />
          <Radio
            value="single"
            label={t('appointmentUi.form.single')}
            data-testid="availability-single"
          />
        </Group>
      </Radio.Group>
      {weekly ? (
        <Checkbox.Group
          label={t('appointmentUi.form.weekdays')}
          value={draft.weekdays}
          onChange={(value) =>
            set(
              'weekdays',
              weekdayCodes.filter((d) => value.includes(d)),
            )
          }
          error={error('weekdays')}
          withAsterisk
        >
          <SimpleGrid cols={{ base: 2, xs: 4, sm: 7 }} spacing="xs" mt="xs">
            {weekdayCodes.map((d) => (
              <Checkbox
                key={d}
                value={d}
                label={t(`appointmentUi.weekday.${d}`)}
                data-testid={`availability-weekday-${d}`}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={weekly ? t('appointmentUi.form.startDate') : t('appointmentUi.form.date')}
          value={draft.startDate}
          min={today}
          max={maxDate}
          onChange={(event) => set('startDate', event.currentTarget.value)}
          error={error('startDate')}
          withAsterisk
          data-testid="availability-date"
        />
        {weekly ? (
          <TextInput
            type="date"
            label={t('appointmentUi.form.endDate')}
            description={t('appointmentUi.form.endDateHint', { days: bookingHorizonDays })}
            value={draft.endDate}
            min={draft.startDate || today}
            onChange={(event) => set('endDate', event.currentTarget.value)}
            error={error('endDate')}
            data-testid="availability-end-date"
          />
        ) : null}
      </SimpleGrid>
    </>
  );
}

/** The start and end time, the slot length and the time zone (the browser's by default). */
export function TimeFields({
  draft,
  set,
  error,
  zone,
}: AvailabilityFieldsProps & { zone: string }) {
  const t = useT();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          type="time"
          label={t('appointmentUi.form.startTime')}
          value={draft.startTime}
          onChange={(event) => set('startTime', event.currentTarget.value)}
          error={error('startTime')}
          withAsterisk
          data-testid="availability-start"
        />
        <TextInput
          type="time"
          label={t('appointmentUi.form.endTime')}
          value={draft.endTime}
          onChange={(event) => set('endTime', event.currentTarget.value)}
          error={error('endTime')}
          withAsterisk
          data-testid="availability-end"
        />
        <NativeSelect
          label={t('appointmentUi.form.slot')}
          value={draft.slotMinutes}
          onChange={(event) => set('slotMinutes', event.currentTarget.value)}
          data={slotMinuteChoices.map((m) => ({
            value: String(m),
            label: t('appointmentUi.form.slotOption', { minutes: m }),
          }))}
          error={error('slotMinutes')}
          data-testid="availability-slot"
        />
      </SimpleGrid>
      <NativeSelect
        label={t('appointmentUi.form.timeZone')}
        description={t('appointmentUi.form.timeZoneHint')}
        value={draft.timeZone}
        onChange={(event) => set('timeZone', event.currentTarget.value)}
        data={timeZoneOptions(zone)}
        error={error('timeZone')}
        data-testid="availability-timezone"
      />
    </>
  );
}

/** The states patients must be in, and their ages. */
export function PatientFields({ draft, set, error }: AvailabilityFieldsProps) {
  const t = useT();
  return (
    <>
      <MultiSelect
        label={t('appointmentUi.form.states')}
        description={t('appointmentUi.form.statesHint')}
        value={draft.states}
        onChange={(value) => set('states', value)}
        data={usStates.map((s) => ({ value: s.code, label: `${t(s.nameKey)} (${s.code})` }))}
        searchable
        hidePickedOptions
        error={error('states')}
        withAsterisk
        data-testid="availability-states"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={t('appointmentUi.form.minAge')}
          value={draft.minAge}
          onChange={(value) => set('minAge', value)}
          min={0}
          max={110}
          allowDecimal={false}
          allowNegative={false}
          error={error('minAge')}
          data-testid="availability-min-age"
        />
        <NumberInput
          label={t('appointmentUi.form.maxAge')}
          value={draft.maxAge}
          onChange={(value) => set('maxAge', value)}
          min={0}
          max={110}
          allowDecimal={false}
          allowNegative={false}
          error={error('maxAge')}
          data-testid="availability-max-age"
        />
      </SimpleGrid>
    </>
  );
}
