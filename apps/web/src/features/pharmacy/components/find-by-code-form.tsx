import { externalCodeSchema, maxExternalCode } from '@apothecall/domain/rx-codes/rx-codes.api';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useFindPharmacyRxByCode } from '../api/find-pharmacy-rx-by-code';

/**
 * The dashboard's find-by-code: the pharmacy's own reference for a visit (its
 * external code, case ignored) opens that visit; none is the server's sentence under the field.
 */
export function FindByCodeForm({ onFound }: { onFound: (visitId: string) => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const find = useFindPharmacyRxByCode({
    onMutate: () => setError(null),
    onSuccess: ({ visitId }) => onFound(visitId),
    onError: (e) =>
      setError(
        e instanceof ApiError && (e.status === 404 || e.status === 400)
          ? e.message
          : t('rxCodesUi.find.failed', { message: errorText(t, e) }),
      ),
  });
  return (
    <search aria-label={t('rxCodesUi.find.label')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = externalCodeSchema.safeParse(code);
          if (!checked.success) {
            const message = checked.error.issues[0]?.message ?? '';
            setError(t(isMessageKey(message) ? message : 'rxCodes.field.code'));
            return;
          }
          find.mutate(checked.data);
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('rxCodesUi.find.label')}
            description={t('rxCodesUi.find.hint')}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(null);
            }}
            maxLength={maxExternalCode + 10}
            error={error}
            autoComplete="off"
            style={{ flex: '1 1 240px' }}
            data-testid="pharmacy-find-code"
          />
          <Button type="submit" loading={find.isPending} data-testid="pharmacy-find-code-submit">
            {t('rxCodesUi.find.submit')}
          </Button>
        </Group>
      </form>
    </search>
  );
}
