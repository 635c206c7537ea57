import { Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useT } from '../../../lib/i18n';
import { useClinicQueue } from '../api/clinic-get-queue';
import { useSetClinicDuty } from '../api/clinic-set-duty';

export function clinicErrorText(t: Translate, error: unknown): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : t('errors.network');
}

/**
 * On or off duty (the clinic queue and the provider's Home): the switch shows the requested
 * state while the change is on its way, then the server's answer.
 */
export function ClinicDutyCard({ children }: { children?: React.ReactNode }) {
  const t = useT();
  const queue = useClinicQueue();
  const duty = useSetClinicDuty({
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('clinicUi.duty.failed', { message: clinicErrorText(t, error) }),
      });
    },
  });
  const onDuty = duty.isPending ? (duty.variables ?? false) : (queue.data?.onDuty ?? false);
  return (
    <SectionCard title={t('clinicUi.duty.title')} gap="xs">
      <Switch
        size="md"
        label={t('clinicUi.duty.label')}
        checked={onDuty}
        disabled={queue.isPending || duty.isPending}
        onChange={(e) => duty.mutate(e.currentTarget.checked)}
        data-testid="duty-switch"
      />
      <Text size="sm" c={onDuty ? 'green.8' : 'dimmed'} role="status">
        {onDuty ? t('clinicUi.duty.on') : t('clinicUi.duty.off')}
      </Text>
      {children}
    </SectionCard>
  );
}
