import { notifications } from '@mantine/notifications';
import { useT } from '../../../lib/i18n';
import { errorText } from './rx-format';

/** The review's toasts: a change done (green), or one that failed with the server's reason. */
export function useClinicRxReviewToasts() {
  const t = useT();
  return {
    done: (message: string) => notifications.show({ color: 'green', message }),
    failed: (error: unknown) =>
      notifications.show({
        color: 'red',
        message: t('rxScreens.clinic.actionFailed', { message: errorText(t, error) }),
      }),
  };
}
