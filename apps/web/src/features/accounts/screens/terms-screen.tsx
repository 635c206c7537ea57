import { link } from '@apothecall/domain/navigation/links';
import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';

/**
 * Terms and conditions and the consent-to-treat explainer (demo text from the catalogue). Opened
 * from the consents screen with `to` (where it goes after accepting, e.g. the Rx flow of the
 * treatment chosen), the way back to it keeps that `to`.
 */
export function TermsScreen() {
  const t = useT();
  const session = useSession();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('to'));
  const consentsPath =
    returnTo === '/' ? '/consents' : `/consents?to=${encodeURIComponent(returnTo)}`;
  const termsBody = [
    t('accountScreens.terms.termsBody1'),
    t('accountScreens.terms.termsBody2'),
    t('accountScreens.terms.termsBody3'),
    t('accountScreens.terms.termsBody4'),
  ];
  const consentBody = [
    t('accountScreens.terms.consentBody1'),
    t('accountScreens.terms.consentBody2'),
    t('accountScreens.terms.consentBody3'),
  ];
  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="terms">
      <Title order={1} size="h2">
        {t('accountScreens.terms.title')}
      </Title>
      <Alert color="yellow" variant="light">
        {t('accountScreens.terms.demoNotice')}
      </Alert>
      <Title order={2} size="h3" id="terms">
        {t('accountScreens.terms.termsHeading')}
      </Title>
      {termsBody.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      <Title order={2} size="h3" id="consent-to-treat">
        {t('accountScreens.terms.consentHeading')}
      </Title>
      {consentBody.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      <Group gap="md" wrap="wrap">
        {session ? (
          <Anchor component={Link} to={consentsPath}>
            {t('accountScreens.terms.backToConsents')}
          </Anchor>
        ) : (
          <>
            <Anchor component={Link} to={link('/login')}>
              {t('accountScreens.terms.backToLogin')}
            </Anchor>
            <Anchor component={Link} to={link('/register')}>
              {t('accountScreens.terms.register')}
            </Anchor>
          </>
        )}
        <Anchor component={Link} to={link('/')}>
          {t('shell.backHome')}
        </Anchor>
      </Group>
    </Stack>
  );
}
