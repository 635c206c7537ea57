import { localDate } from '@apothecall/domain/dates/zones.rules';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useAddAvailability } from '../api/add-availability';
import { browserTimeZone } from './appointment-format';
import {
  type AvailabilityDraft,
  type AvailabilityField,
  checkAvailability,
  type FieldError,
  newAvailabilityDraft,
} from './availability-form-check';
import { DateFields, PatientFields, TimeFields } from './availability-form-fields';

/**
 * The provider's 'Publish availability' form: weekly (the weekdays, a start date and an optional
 * end date) or one date; the start and end time and the slot length, in a time zone (the
 * browser's by default); the states patients must be in; the ages.
 */
export function AvailabilityForm() {
  const t = useT();
  const zone = useMemo(browserTimeZone, []);
  const today = localDate(Date.now(), zone);
  const form = useDraft<AvailabilityDraft, FieldError>(() => newAvailabilityDraft(today, zone));
  const { draft, errors } = form;

  const publish = useAddAvailability({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('appointmentUi.form.done') });
    },
  });

  const set = <K extends keyof AvailabilityDraft>(field: K, value: AvailabilityDraft[K]) => {
    form.set(field, value);
    publish.reset();
  };
  const error = (field: AvailabilityField) => {
    const found = errors[field];
    return found ? t(found.key, found.params) : undefined;
  };

  const submit = () => {
    const check = checkAvailability(draft, today);
    if (!check.ok) {
      form.refuse(check.errors);
      return;
    }
    form.refuse({});
    publish.mutate(check.value);
  };

  const hasErrors = Object.values(errors).some(Boolean);

  return (
    <SectionCard title={t('appointmentUi.form.title')} testId="availability-section">
      <Form onSubmit={submit} data-testid="availability-form">
        <Stack gap="md">
          <DateFields draft={draft} set={set} error={error} today={today} />
          <TimeFields draft={draft} set={set} error={error} zone={zone} />
          <PatientFields draft={draft} set={set} error={error} />
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
