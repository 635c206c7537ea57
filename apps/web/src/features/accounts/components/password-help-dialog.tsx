import { passwordResetRequestSchema } from '@apothecall/domain/accounts/accounts.api';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useOpenedAfterMount } from '../../../lib/use-opened-after-mount';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { translateFieldError } from './auth-form-errors';

type Step = 'form' | 'requested' | 'failed';

/**
 * The Password Help dialog (spec sections 2 and 8): asks for the e-mail, requests a reset
 * link, then shows 'Reset Request Received', or the error message plus the e-mail. Mounted
 * afresh for each opening (auth-password-help.tsx), so every opening starts at the form.
 */
export function PasswordHelpDialog({
  opened,
  initialEmail,
  onClose,
}: {
  opened: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const t = useT();
  const shown = useOpenedAfterMount(opened);
  const [step, setStep] = useState<Step>('form');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail },
    validate: zod4Resolver(passwordResetRequestSchema),
  });
  const mutation = useRequestPasswordReset({
    onSuccess: () => setStep('requested'),
    onError: () => setStep('failed'),
  });
  const title =
    step === 'requested'
      ? t('accountActions.passwordReset.requested.title')
      : step === 'failed'
        ? t('accountScreens.passwordHelp.failedTitle')
        : t('accounts.login.passwordHelp');

  const failure = mutation.error
    ? t('accountActions.passwordReset.failed', {
        message: mutation.error instanceof ApiError ? mutation.error.message : t('errors.network'),
        email: mutation.variables?.email ?? '',
      })
    : '';

  return (
    <Dialog opened={shown} onClose={onClose} title={title} size="md">
      {step === 'form' ? (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => mutation.mutate({ email: values.email.trim() }))}
        >
          <Stack>
            <Text size="sm">{t('accountScreens.passwordHelp.intro')}</Text>
            <TextInput
              label={t('accountScreens.passwordHelp.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              data-autofocus
              key={form.key('email')}
              {...form.getInputProps('email')}
              error={translateFieldError(t, form.errors.email)}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('accountScreens.passwordHelp.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('accountScreens.passwordHelp.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack>
          <Text role={step === 'failed' ? 'alert' : 'status'}>
            {step === 'failed' ? failure : t('accountActions.passwordReset.requested.body')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('accountScreens.passwordHelp.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
