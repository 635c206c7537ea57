import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { errorText } from './rx-format';

/**
 * Why the evaluation was not taken, when the flow does not go back to a step for it: no
 * prescriber or a state's requirement (a video visit instead), uploads another visit waits for,
 * consents to accept first (`back`: where the consents screen returns), or the server's reason.
 */
export function RxSubmitProblem({ error, back }: { error: Error; back: string }) {
  const t = useT();
  const code = error instanceof ApiError ? error.errorCode : null;
  if (code === 'SERVICE_UNAVAILABLE' || code === 'RX_STATE_REQUIREMENT') {
    return (
      <Alert color="red" role="alert" data-testid="rx-submit-error">
        <Stack gap={4}>
          <Text size="sm">{error.message}</Text>
          <Anchor component={Link} to={link('/care')} size="sm">
            {t('rxUi.flow.video')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (code === 'RX_UPLOADS_PENDING') {
    return (
      <Alert color="red" role="alert" data-testid="rx-submit-error">
        <Stack gap={4}>
          <Text size="sm">{error.message}</Text>
          <Anchor component={Link} to={link('/rxvisits')} size="sm">
            {t('rxUi.visits.title')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (code === 'CONSENTS_REQUIRED') {
    return (
      <Alert color="red" role="alert" data-testid="rx-submit-error">
        <Stack gap={4}>
          <Text size="sm">{error.message || t('rxScreens.submit.consentsRequired')}</Text>
          <Anchor component={Link} to={link('/consents', { to: back })} size="sm">
            {t('rxScreens.submit.openConsents')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" data-testid="rx-submit-error">
      {t('rxScreens.submit.failed', { message: errorText(t, error) })}
    </Alert>
  );
}
