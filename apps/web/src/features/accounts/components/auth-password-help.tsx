import { passwordResetRequestSchema } from '@apothecall/domain/accounts/accounts.api';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { requestPasswordReset } from '../api/request-password-reset';
import { translateFieldError } from './auth-form-errors';

type Step = 'closed' | 'form' | 'requested' | 'failed';

/**
 * Password Help (spec sections 2 and 8): asks for the e-mail, requests a reset link, then
 * shows 'Reset Request Received', or the error message plus the e-mail.
 */
export function AuthPasswordHelp({
  initialEmail,
  onOpen,
}: {
  initialEmail?: () => string;
  /** Called as the dialog opens (the login screen clears its failed-login alert: issue 13). */
  onOpen?: () => void;
}) {
  const t = useT();
  const [step, setStep] = useState<Step>('closed');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(passwordResetRequestSchema),
  });
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset({ email }),
    onSuccess: () => setStep('requested'),
    onError: () => setStep('failed'),
  });

  const open = () => {
    const email = initialEmail?.() ?? '';
    form.setValues({ email: email.includes('@') ? email : '' });
    form.clearErrors();
    mutation.reset();
    onOpen?.();
    setStep('form');
  };
  const close = () => setStep('closed');

  const title =
    step === 'requested'
      ? t('accountActions.passwordReset.requested.title')
      : step === 'failed'
        ? t('accountScreens.passwordHelp.failedTitle')
        : t('accounts.login.passwordHelp');

  const failure = mutation.error
    ? t('accountActions.passwordReset.failed', {
        message: mutation.error instanceof ApiError ? mutation.error.message : t('errors.network'),
        email: mutation.variables ?? '',
      })
    : '';

  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        {t('accounts.login.passwordHelp')}
      </Anchor>
      <Modal opened={step !== 'closed'} onClose={close} title={title} centered size="md">
        {step === 'form' ? (
          <form
            noValidate
            onSubmit={form.onSubmit((values) => mutation.mutate(values.email.trim()))}
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
                <Button variant="default" onClick={close}>
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
              <Button onClick={close} data-autofocus>
                {t('accountScreens.passwordHelp.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
