import { passwordSchema } from '@apothecall/domain/accounts/credentials.rules';
import type { InstoreCheck } from '@apothecall/domain/assessments/assessment.api';
import { link } from '@apothecall/domain/navigation/links';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Loader,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Form } from '../../../components/form';
import { ApiError, errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { setSession, useSession } from '../../../lib/session-store';
import { usePatientPharmacyUpload } from '../../documents/api/get-patient-pharmacy-upload';
import { useInstoreCheck } from '../api/check-instore-code';
import { useChooseInstorePassword } from '../api/choose-instore-password';
import { useInstoreStart } from '../api/start-instore-visit';

/** A new account chooses its password with the link's code, then is signed in. */
function ChoosePassword({ code, check }: { code: string; check: InstoreCheck }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useChooseInstorePassword({
    onSuccess: (data) => setSession({ token: data.token, profile: data.profile }),
  });
  return (
    <Form
      onSubmit={() => {
        const checked = passwordSchema.safeParse(password);
        if (!checked.success) {
          const key = checked.error.issues[0]?.message ?? '';
          setProblem(isMessageKey(key) ? t(key) : t('common.required'));
          return;
        }
        if (password !== confirm) {
          setProblem(t('validation.password.mismatch'));
          return;
        }
        setProblem(null);
        save.mutate({ code, loginId: check.loginId, password });
      }}
    >
      <Stack gap="sm">
        <Text>{t('instoreUi.setPassword', { email: check.loginId })}</Text>
        <PasswordInput
          label={t('instoreUi.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
          error={problem}
        />
        <PasswordInput
          label={t('instoreUi.confirm')}
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          autoComplete="new-password"
        />
        {save.isError ? (
          <Alert color="red" role="alert" data-testid="instore-password-error">
            {t('instoreUi.failed', { message: errorText(t, save.error) })}
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} w="fit-content">
          {t('instoreUi.save')}
        </Button>
      </Stack>
    </Form>
  );
}

/** Signed in: the link's visit opens in the Rx flow (the account must be the link's). */
function ContinueVisit({ code, pharmacy }: { code: string; pharmacy: string }) {
  const t = useT();
  const start = useInstoreStart(code, { retry: false });
  if (start.isPending) return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (start.isError) {
    const otherAccount =
      start.error instanceof ApiError && start.error.errorCode === 'ASSESSMENT_CODE_INVALID';
    return (
      <Alert color="red" role="alert" data-testid="instore-error">
        {otherAccount ? t('instoreUi.otherAccount') : errorText(t, start.error)}
      </Alert>
    );
  }
  const to = `/rx?itemId=${encodeURIComponent(start.data.productId)}&instore=${encodeURIComponent(code)}`;
  return (
    <Stack gap="sm" align="flex-start">
      <PharmacyFiled pharmacy={pharmacy} />
      <Button component={Link} to={to} w="fit-content" data-testid="instore-continue">
        {t('instoreUi.continue')}
      </Button>
    </Stack>
  );
}

/**
 * What the pharmacy filed for the patient this month (the intake as a PDF), loaded as the spec's
 * brief login from an in-store link does (/get-patient-pharmacy-upload); it is in Documents.
 */
function PharmacyFiled({ pharmacy }: { pharmacy: string }) {
  const t = useT();
  const filed = usePatientPharmacyUpload();
  const count = filed.data?.documents.length ?? 0;
  if (count === 0) return null;
  return (
    <Text size="sm" data-testid="instore-filed">
      {t('instoreUi.filed', { pharmacy, count })}{' '}
      <Anchor component={Link} to={link('/docs')}>
        {t('instoreUi.documents')}
      </Anchor>
    </Text>
  );
}

/**
 * /instore?code=: the link a pharmacy's in-store assessment e-mailed the patient.
 * The code is checked (unknown, used or expired: the server's message); a new account chooses
 * its password here and is signed in, an existing one signs in (and comes back); then the
 * patient continues into the Rx visit with the intake's answers and the pharmacy chosen.
 */
export function InstoreScreen() {
  const t = useT();
  const session = useSession();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const check = useInstoreCheck(code, { enabled: code !== '', retry: false });

  let body: ReactNode;
  if (code === '') {
    body = (
      <Alert color="red" role="alert" data-testid="instore-error">
        {t('instoreUi.missing')}
      </Alert>
    );
  } else if (check.isPending) {
    body = <Loader role="status" size="sm" aria-label={t('instoreUi.checking')} />;
  } else if (check.isError) {
    body = (
      <Alert color="red" role="alert" data-testid="instore-error">
        {errorText(t, check.error)}
      </Alert>
    );
  } else {
    const back = `/instore?code=${code}`;
    body = (
      <Card withBorder radius="md" p="lg" data-testid="instore-link">
        <Stack gap="sm">
          <Text>{t('instoreUi.lead', { pharmacy: check.data.pharmacyName })}</Text>
          {session ? (
            <ContinueVisit code={code} pharmacy={check.data.pharmacyName} />
          ) : check.data.needsPassword ? (
            <ChoosePassword code={code} check={check.data} />
          ) : (
            <Stack gap="xs">
              <Text>{t('instoreUi.signIn', { email: check.data.loginId })}</Text>
              <Button component={Link} to={link('/login', { to: back })} w="fit-content">
                {t('instoreUi.signInButton')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-screen="instore">
      <Title order={1} size="h2">
        {t('instoreUi.title')}
      </Title>
      {body}
    </Stack>
  );
}
