import { link } from '@apothecall/domain/navigation/links';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';

/**
 * Placeholder for a screen a later issue builds; says so plainly and offers the way home. It
 * carries no screen-specific marker (`data-screen`), so no test of a screen can pass against
 * the placeholder that stands in for it; `data-placeholder` says what it is.
 */
export function ComingSoon() {
  const t = useT();
  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-placeholder="coming-soon">
      <Title order={1} size="h2">
        {t('shell.comingSoon')}
      </Title>
      <Text c="dimmed">{t('shell.comingSoonBody', { appName: t('shell.appName') })}</Text>
      <Button component={Link} to={link('/')} variant="light" w="fit-content">
        {t('shell.backHome')}
      </Button>
    </Stack>
  );
}
