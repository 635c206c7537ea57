import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Form } from '../../../components/form';
import { isMessageKey, useT } from '../../../lib/i18n';
import { checkTypedCode } from '../../../lib/prepay-offer';

/**
 * 'Enter another code': an access token typed by hand, checked with the server's schema before
 * it is opened (the caller opens /redeem/{code}).
 */
export function RedeemCodeForm({
  labelledBy,
  onCode,
}: {
  /** The id of the heading that names the form. */
  labelledBy: string;
  onCode: (code: string) => void;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      aria-labelledby={labelledBy}
      onSubmit={() => {
        const checked = checkTypedCode(value, isMessageKey);
        if (!checked.ok) {
          setError(t(checked.key));
          return;
        }
        setError(null);
        setValue('');
        onCode(checked.code);
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('prepayRedeem.codeLabel')}
          description={t('prepayRedeem.codeHint')}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          data-testid="redeem-code-input"
        />
        <Button type="submit" w={{ base: '100%', xs: 'fit-content' }}>
          {t('prepayRedeem.check')}
        </Button>
      </Stack>
    </Form>
  );
}
