import type { FieldChange } from '@apothecall/domain/brands/brands-admin.rules';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { fieldLabels, shown } from './brand-form';

/** The list of what a save changes, to confirm (nothing to save when nothing changed). */
export function BrandConfirmDialog({
  changes,
  onClose,
  onConfirm,
  saving,
  error,
}: {
  changes: FieldChange[];
  onClose: () => void;
  onConfirm: () => void;
  saving: boolean;
  error: Error | null;
}) {
  const t = useT();
  return (
    <Dialog opened onClose={onClose} title={t('backoffice.brands.confirm.title')}>
      <Stack>
        {changes.length === 0 ? (
          <Text>{t('backoffice.brands.confirm.none')}</Text>
        ) : (
          <>
            <Text size="sm">{t('backoffice.brands.confirm.lead')}</Text>
            <Stack gap={4} component="ul" m={0} pl="md" data-testid="brand-changes">
              {changes.map((change) => (
                <Text component="li" size="sm" key={change.field}>
                  <strong>
                    {fieldLabels[change.field] ? t(fieldLabels[change.field]!) : change.field}
                  </strong>
                  : {shown(change.before)} → {shown(change.after)}
                </Text>
              ))}
            </Stack>
          </>
        )}
        {error ? (
          <Alert color="red" role="alert">
            {errorText(t, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('backoffice.brands.cancel')}
          </Button>
          {changes.length > 0 ? (
            <Button onClick={onConfirm} loading={saving} data-testid="brand-confirm">
              {t('backoffice.brands.confirm.save')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Dialog>
  );
}
