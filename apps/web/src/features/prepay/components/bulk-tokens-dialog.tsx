import { maxBulkTokens } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import { useBulkPrepayTokens } from '../api/bulk-prepay-tokens';
import { type FieldError, fieldText } from './form-check';
import { TokenDialogForm } from './token-dialog';
import { TokenUseFields, useTokenUseDraft } from './token-fields';
import { bulkListError, emptyTokenUse } from './token-form';

/**
 * Tokens in bulk (POST /prepay-nonce/bulk): a pasted list of e-mail addresses and phone
 * numbers, one token each, sent at once; then how many were made and which lines were not
 * used, with why (the server's words).
 */
export function BulkTokensDialog({
  programId,
  onClose,
}: {
  programId: string;
  onClose: () => void;
}) {
  const t = useT();
  const [list, setList] = useState('');
  const use = useTokenUseDraft(emptyTokenUse);
  const [listError, setListError] = useState<FieldError | null>(null);
  const bulk = useBulkPrepayTokens();
  const result = bulk.data;
  return (
    <Dialog opened onClose={onClose} title={t('prepayUi.bulk.title')} size="lg">
      {result ? (
        <Stack data-testid="prepay-bulk-result">
          <Alert color="green" role="status" data-testid="prepay-bulk-created">
            {t('prepayUi.bulk.created', { count: result.tokens.length })}
          </Alert>
          {result.refused.length > 0 ? (
            <Stack gap="xs" data-testid="prepay-bulk-refused">
              <Text fw={700}>{t('prepayUi.bulk.refused', { count: result.refused.length })}</Text>
              <List size="sm" spacing={4}>
                {result.refused.map((line) => (
                  <List.Item key={line.line}>
                    {t('prepayUi.bulk.refusedLine', { line: line.line, reason: line.reason })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="prepay-bulk-done">
              {t('prepayUi.bulk.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <TokenDialogForm
          testId="prepay-bulk"
          mutation={bulk}
          errorTestId="prepay-bulk-error"
          submitLabel={t('prepayUi.bulk.submit')}
          onSubmit={() => {
            const problem = bulkListError(list);
            const checked = use.check();
            setListError(problem);
            if (problem || !checked.ok) return;
            bulk.mutate({ programId, list, ...checked.value });
          }}
          onClose={onClose}
        >
          <Textarea
            label={t('prepayUi.bulk.list')}
            description={t('prepayUi.bulk.listHint', { max: maxBulkTokens })}
            value={list}
            onChange={(event) => {
              setList(event.currentTarget.value);
              setListError(null);
            }}
            autosize
            minRows={5}
            maxRows={12}
            maxLength={20_000}
            withAsterisk
            error={fieldText(t, listError ?? undefined)}
            data-testid="prepay-bulk-list"
          />
          <TokenUseFields {...use.fields} testId="prepay-bulk" />
        </TokenDialogForm>
      )}
    </Dialog>
  );
}
