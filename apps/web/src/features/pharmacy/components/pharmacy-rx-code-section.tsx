import { externalCodeSchema, maxExternalCode } from '@apothecall/domain/rx-codes/rx-codes.api';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { Form } from '../../../components/form';
import { ApiError, errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { usePharmacyRxCode } from '../api/get-pharmacy-rx-code';
import { useSetPharmacyRxCode } from '../api/set-pharmacy-rx-code';
import { PharmacySection } from './pharmacy-section';

/**
 * The visit's external code: the pharmacy's own reference for it (its system's Rx
 * number), set, changed or cleared once the visit is claimed; checked with the server's schema
 * first, and a code another visit has is the server's sentence under the field.
 */
export function PharmacyRxCodeSection({ visitId, claimed }: { visitId: string; claimed: boolean }) {
  const t = useT();
  const current = usePharmacyRxCode(visitId);
  const saved = current.data?.code ?? null;

  let body: ReactNode;
  if (current.isPending) {
    body = <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  } else if (current.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('rxCodesUi.loadFailed', { message: errorText(t, current.error) })}
      </Alert>
    );
  } else {
    body = (
      <>
        <Text size="sm" fw={600} data-testid="pharmacy-rx-code-current">
          {saved ? t('rxCodesUi.section.current', { code: saved }) : t('rxCodesUi.section.none')}
        </Text>
        {claimed ? (
          <PharmacyRxCodeForm visitId={visitId} saved={saved} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('rxCodesUi.section.claimFirst')}
          </Text>
        )}
      </>
    );
  }

  return (
    <PharmacySection title={t('rxCodesUi.section.title')} testId="pharmacy-rx-code">
      <Text size="sm" c="dimmed">
        {t('rxCodesUi.section.lead')}
      </Text>
      {body}
    </PharmacySection>
  );
}

/**
 * The code's form once the visit is claimed: checked with the server's schema first; a code
 * another visit has (400, 409) is the server's sentence under the field.
 */
function PharmacyRxCodeForm({ visitId, saved }: { visitId: string; saved: string | null }) {
  const t = useT();
  const [draft, setDraft] = useState(saved ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(saved ?? '');
  }, [saved]);

  const save = useSetPharmacyRxCode({
    onMutate: () => setError(null),
    onSuccess: (view) => {
      notifications.show({
        color: 'green',
        message: view.code ? t('rxCodesUi.saved') : t('rxCodesUi.cleared'),
      });
    },
    onError: (e) => {
      if (e instanceof ApiError && (e.status === 400 || e.status === 409)) {
        setError(e.message);
        return;
      }
      notifications.show({
        color: 'red',
        message: t('rxCodesUi.saveFailed', { message: errorText(t, e) }),
      });
    },
  });

  return (
    <Form
      onSubmit={() => {
        const trimmed = draft.trim();
        if (trimmed === '') {
          save.mutate({ visitId, code: null });
          return;
        }
        const checked = externalCodeSchema.safeParse(trimmed);
        if (!checked.success) {
          const message = checked.error.issues[0]?.message ?? '';
          setError(t(isMessageKey(message) ? message : 'rxCodes.field.code'));
          return;
        }
        save.mutate({ visitId, code: checked.data });
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('rxCodesUi.field.label')}
          description={t('rxCodesUi.field.hint')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setError(null);
          }}
          maxLength={maxExternalCode + 10}
          error={error}
          autoComplete="off"
          maw={360}
          data-testid="pharmacy-rx-code-input"
        />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending} data-testid="pharmacy-rx-code-save">
            {t('rxCodesUi.save')}
          </Button>
          {saved ? (
            <Button
              variant="default"
              disabled={save.isPending}
              onClick={() => save.mutate({ visitId, code: null })}
              data-testid="pharmacy-rx-code-clear"
            >
              {t('rxCodesUi.clear')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Form>
  );
}
