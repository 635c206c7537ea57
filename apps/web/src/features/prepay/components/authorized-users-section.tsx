import { maxProgramVisits } from '@apothecall/domain/prepay/prepay.api';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { usePrepayAuthorized } from '../api/get-prepay-authorized';
import { useUpdatePrepayAuthorized } from '../api/update-prepay-authorized';
import {
  checkUserRows,
  newUserRow,
  type RowErrors,
  rowsFromUsers,
  type UserRow,
} from './authorized-users';
import { type FieldError, fieldText } from './form-check';

/**
 * A program's authorized users (GET/POST /prepay-authorized/{id}): rows of an e-mail, a visit
 * limit (0 = none) and the visits used; rows are added and removed here and the whole list is
 * saved at once (it replaces the old one).
 */
export function AuthorizedUsersSection({ programId }: { programId: string }) {
  const t = useT();
  const users = usePrepayAuthorized(programId);
  const [rows, setRows] = useState<UserRow[] | null>(null);
  const [rowErrors, setRowErrors] = useState<Readonly<Record<string, RowErrors>>>({});
  const [listError, setListError] = useState<FieldError | undefined>(undefined);

  // The server's list becomes the editable rows once (and again after each save).
  useEffect(() => {
    if (users.data && rows === null) setRows(rowsFromUsers(users.data));
  }, [users.data, rows]);

  const save = useUpdatePrepayAuthorized({
    onSuccess: (saved) => {
      setRows(rowsFromUsers(saved));
      notifications.show({ color: 'green', message: t('prepayUi.users.saved') });
    },
  });

  const update = (key: string, change: Partial<Pick<UserRow, 'email' | 'visitLimit'>>) => {
    setRows((current) =>
      (current ?? []).map((row) => (row.key === key ? { ...row, ...change } : row)),
    );
    setRowErrors((current) => {
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const submit = () => {
    save.reset();
    const check = checkUserRows(rows ?? [], isMessageKey);
    if (!check.ok) {
      setRowErrors(check.rows);
      setListError(check.list);
      return;
    }
    setRowErrors({});
    setListError(undefined);
    save.mutate({ id: programId, body: check.request });
  };

  return (
    <SectionCard
      title={t('prepayUi.users.title')}
      description={t('prepayUi.users.lead')}
      testId="prepay-users"
    >
      {users.isPending || rows === null ? (
        users.isError ? (
          <Alert color="red" role="alert">
            {t('prepayUi.loadFailed', { message: errorText(t, users.error) })}
          </Alert>
        ) : (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        )
      ) : (
        <Form onSubmit={submit}>
          <Stack gap="sm">
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="prepay-users-empty">
                {t('prepayUi.users.empty')}
              </Text>
            ) : (
              <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {rows.map((row, index) => {
                  const name = row.email.trim() || t('prepayUi.users.row', { number: index + 1 });
                  const errors = rowErrors[row.key];
                  return (
                    <Card
                      key={row.key}
                      component="li"
                      withBorder
                      radius="sm"
                      p="sm"
                      aria-label={name}
                      data-testid="prepay-user-row"
                    >
                      <Group align="flex-start" gap="xs" wrap="wrap">
                        <TextInput
                          label={t('prepayUi.users.email')}
                          type="email"
                          value={row.email}
                          onChange={(event) =>
                            update(row.key, { email: event.currentTarget.value })
                          }
                          maxLength={254}
                          error={fieldText(t, errors?.email)}
                          style={{ flex: '1 1 220px', minWidth: 0 }}
                          data-testid="prepay-user-email"
                        />
                        <NumberInput
                          label={t('prepayUi.users.limit')}
                          description={t('prepayUi.settings.zeroNone')}
                          value={row.visitLimit}
                          onChange={(value) => update(row.key, { visitLimit: value })}
                          min={0}
                          max={maxProgramVisits}
                          allowDecimal={false}
                          allowNegative={false}
                          clampBehavior="none"
                          error={fieldText(t, errors?.visitLimit)}
                          style={{ flex: '0 1 140px', minWidth: 0 }}
                          data-testid="prepay-user-limit"
                        />
                      </Group>
                      <Group justify="space-between" gap="xs" mt="xs">
                        <Text size="sm" c="dimmed" data-testid="prepay-user-used">
                          {t('prepayUi.users.used', { count: row.visitsUsed })}
                        </Text>
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          onClick={() =>
                            setRows((current) =>
                              (current ?? []).filter((other) => other.key !== row.key),
                            )
                          }
                          aria-label={t('prepayUi.actionLabel', {
                            action: t('prepayUi.users.remove'),
                            name,
                          })}
                          data-testid="prepay-user-remove"
                        >
                          {t('prepayUi.users.remove')}
                        </Button>
                      </Group>
                    </Card>
                  );
                })}
              </Stack>
            )}
            {listError ? (
              <Alert color="red" role="alert">
                {fieldText(t, listError)}
              </Alert>
            ) : Object.keys(rowErrors).length > 0 ? (
              <Alert color="red" role="alert" data-testid="prepay-users-invalid">
                {t('prepayUi.form.fix')}
              </Alert>
            ) : null}
            {save.isError ? (
              <Alert color="red" role="alert" data-testid="prepay-users-error">
                {errorText(t, save.error)}
              </Alert>
            ) : null}
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => setRows((current) => [...(current ?? []), newUserRow()])}
                data-testid="prepay-user-add"
              >
                {t('prepayUi.users.add')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="prepay-users-save">
                {t('prepayUi.users.save')}
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </SectionCard>
  );
}
