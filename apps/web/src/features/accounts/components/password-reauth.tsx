import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, DialogActions } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { BiometricLoginError } from '../../../lib/native/biometric-login';
import { failureMessage } from './profile-errors';

/** What the password is for: sends it, answers the credential (or throws the server's error). */
type Submit = (password: string) => Promise<string>;

interface Asked {
  submit: Submit;
  resolve: (authId: string | null) => void;
}

/**
 * The password asked again before a device credential is issued: the
 * server answers 403 REAUTH_REQUIRED when this session proved the password more than a few
 * minutes ago. `ask(submit)` opens the dialog; a wrong password shows the server's words and the
 * dialog stays; 'Cancel' answers null.
 */
export function usePasswordReauth(methodName: string): {
  ask: (submit: Submit) => Promise<string | null>;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<Asked | null>(null);
  const ask = (submit: Submit) =>
    new Promise<string | null>((resolve) => setAsked({ submit, resolve }));
  const dialog = asked ? (
    <ReauthDialog
      methodName={methodName}
      submit={asked.submit}
      onDone={(authId) => {
        asked.resolve(authId);
        setAsked(null);
      }}
    />
  ) : null;
  return { ask, dialog };
}

function ReauthDialog({
  methodName,
  submit,
  onDone,
}: {
  methodName: string;
  submit: Submit;
  onDone: (authId: string | null) => void;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setPending(true);
    setError(null);
    try {
      onDone(await submit(password));
    } catch (failure) {
      setError(failureMessage(t, failure));
      setPending(false);
    }
  };

  return (
    <Dialog
      opened
      onClose={() => (pending ? undefined : onDone(null))}
      title={t('session.reauth.title')}
    >
      <form onSubmit={(event) => void send(event)}>
        <Stack data-testid="password-reauth">
          <Text size="sm">{t('session.reauth.body', { method: methodName })}</Text>
          <PasswordInput
            label={t('accounts.login.password')}
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <DialogActions
            error={error}
            pending={pending}
            cancelLabel={t('session.reauth.cancel')}
            onCancel={() => onDone(null)}
          >
            <Button type="submit" loading={pending}>
              {t('session.reauth.submit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * Issues this device's credential with `enrol`; when the server asks for the password again
 * (REAUTH_REQUIRED), asks for it and sends it along. Closing the dialog is a cancellation.
 */
export async function enrolWithReauth(
  enrol: (password?: string) => Promise<string>,
  ask: (submit: Submit) => Promise<string | null>,
): Promise<string> {
  try {
    return await enrol();
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.errorCode === 'REAUTH_REQUIRED')) throw failure;
    const authId = await ask((password) => enrol(password));
    if (authId === null) {
      throw new BiometricLoginError(
        'session.biometricFailed',
        'session.biometric.biometricId',
        true,
        false,
      );
    }
    return authId;
  }
}
