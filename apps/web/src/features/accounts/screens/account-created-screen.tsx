import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import { Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { AuthCard } from '../components/auth-card';

/** After registering: the account exists; the next step is to log in. */
export function AccountCreatedScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('to'));
  return (
    <AuthCard title={t('accountScreens.accountCreated.title')} screen="account-created">
      <Text ta="center" role="status">
        {t('accountScreens.accountCreated.body')}
      </Text>
      <Button
        component={Link}
        to={returnTo === '/' ? '/login' : `/login?to=${encodeURIComponent(returnTo)}`}
        fullWidth
      >
        {t('accountScreens.accountCreated.login')}
      </Button>
    </AuthCard>
  );
}
