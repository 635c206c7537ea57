import {
  type AvailabilityBlockView,
  bookingHorizonDays,
  slotMinuteChoices,
} from '@apothecall/domain/appointments/appointments.api';
import { weekdayCodes } from '@apothecall/domain/appointments/availability.rules';
import { addDays, localDate } from '@apothecall/domain/dates/zones.rules';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { addAvailability } from '../api/add-availability';
import { availabilityQueryKey } from '../api/get-availability';
import { browserTimeZone, timeZoneOptions } from './appointment-format';
import {
  type AvailabilityDraft,
  type AvailabilityErrors,
  type AvailabilityField,
  checkAvailability,
  newAvailabilityDraft,
} from './availability-form-check';

/**
 * The provider's 'Publish availability' form: weekly (the weekdays, a start date and an optional
 * end date) or one date; the start and end time and the slot length, in a time zone (the
 * browser's by default); the states patients must be in; the ages.
 */
export function AvailabilityForm() {
  const t = useT();
  const queryClient = useQueryClient();
  const zone = useMemo(browserTimeZone, []);
  const today = localDate(Date.now(), zone);
  const [draft, setDraft] = useState<AvailabilityDraft>(() => newAvailabilityDraft(today, zone));
  const [errors, setErrors] = useState<AvailabilityErrors>({});

  const publish = useMutation({
    mutationFn: addAvailability,
    onSuccess: (block) => {
      queryClient.setQueryData<AvailabilityBlockView[]>(availabilityQueryKey, (list = []) => [
        ...list.filter((b) => b.id !== block.id),
        block,
      ]);
      void queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
      notifications.show({ color: 'green', message: t('appointmentUi.form.done') });
    },
  });

  const set = <K extends keyof AvailabilityDraft>(field: K, value: AvailabilityDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (field !== 'kind') {
      setErrors((e) => ({ ...e, [field as AvailabilityField]: undefined }));
    }
    publish.reset();
  };
  const error = (field: AvailabilityField) => {
    const found = errors[field];
    return found ? t(found.key, found.params) : undefined;
  };

  const submit = () => {
    const check = checkAvailability(draft, today);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    publish.mutate(check.value);
  };

  const weekly = draft.kind === 'weekly';
  const maxDate = addDays(today, bookingHorizonDays);
  const hasErrors = Object.values(errors).some(Boolean);

  return (
    <SectionCard title={t('appointmentUi.form.title')} testId="availability-section">
      <Form onSubmit={submit} data-testid="availability-form">
        <Stack gap="md">
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
          {hasErrors ? (
            <Alert color="red" role="alert">
              {t('appointmentUi.form.fix')}
            </Alert>
          ) : null}
          {publish.isError ? (
            <Alert color="red" role="alert" data-testid="availability-error">
              {t('appointmentUi.form.failed', { message: errorText(t, publish.error) })}
            </Alert>
          ) : null}
          <Group>
            <Button
              type="submit"
              loading={publish.isPending}
              data-testid="availability-submit"
              w={{ base: '100%', xs: 'auto' }}
            >
              {t('appointmentUi.form.submit')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  );
}
