import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { RxPrepayRemove } from './rx-prepay-remove';

/**
 * The payment step's 'Access token' box (issue 16): a code and Apply; while it is checked, a
 * loader; once it prices the visit, which program pays, its checkout and price messages, and
 * 'Remove code'; a refusal (the server's words) under the field.
 */
export function RxPrepayBox({
  value,
  onChange,
  onApply,
  onRemove,
  checking,
  error,
  applied,
  removable,
}: {
  value: string;
  onChange: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
  checking: boolean;
  error: string | null;
  /** The offer of the applied code, once the server priced the visit with it. */
  applied: { code: string; offer: PrepayOffer } | null;
  /** The code held or applied, when there is one: 'Remove code' is offered for it. */
  removable: string | null;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const removeButton = (code: string) => <RxPrepayRemove code={code} onRemove={onRemove} />;

  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="rx-prepay"
      data-state={applied ? 'applied' : 'open'}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {t('prepayRedeem.pay.title')}
        </Title>
        {applied ? (
          <>
            <Alert
              color="teal"
              title={t('prepayRedeem.pay.prepaid', { programName: applied.offer.programName })}
              data-testid="rx-prepay-applied"
            >
              <Stack gap={4}>
                <Text size="sm">{t('prepayRedeem.code', { code: applied.code })}</Text>
                {applied.offer.checkoutMessage.trim() !== '' ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {applied.offer.checkoutMessage}
                  </Text>
                ) : null}
                {applied.offer.patientAmt > 0 ? (
                  <Text size="sm" fw={700}>
                    {t('prepayRedeem.patientAmt', {
                      amount: formatCents(applied.offer.patientAmt, lang),
                    })}
                  </Text>
                ) : null}
                {applied.offer.priceMsg.trim() !== '' ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {applied.offer.priceMsg}
                  </Text>
                ) : null}
                <Text size="sm">{t('prepayRedeem.pay.noCard')}</Text>
              </Stack>
            </Alert>
            <Group>{removeButton(applied.code)}</Group>
          </>
        ) : (
          <>
            <TextInput
              label={t('prepayRedeem.codeLabel')}
              description={t('prepayRedeem.pay.hint')}
              value={value}
              onChange={(event) => onChange(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onApply();
                }
              }}
              error={error}
              readOnly={checking}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              data-testid="rx-prepay-input"
            />
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={onApply}
                loading={checking}
                data-testid="rx-prepay-apply"
              >
                {t('prepayRedeem.pay.apply')}
              </Button>
              {removable ? removeButton(removable) : null}
            </Group>
            {checking ? (
              <Text size="sm" c="dimmed" role="status">
                {t('prepayRedeem.pay.applying')}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
