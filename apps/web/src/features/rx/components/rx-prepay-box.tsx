import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { RxPrepayRemove } from './rx-prepay-remove';

/**
 * The payment step's 'Access token' box: a code and Apply; while it is checked, a
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
            <RxPrepayApplied code={applied.code} offer={applied.offer} />
            <Group>{removeButton(applied.code)}</Group>
          </>
        ) : (
          <>
            <RxPrepayInput
              value={value}
              onChange={onChange}
              onApply={onApply}
              error={error}
              checking={checking}
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

/** Which program pays for the applied code, its checkout and price messages, and 'no card'. */
function RxPrepayApplied({ code, offer }: { code: string; offer: PrepayOffer }) {
  const t = useT();
  const lang = useLang();
  return (
    <Alert
      color="teal"
      title={t('prepayRedeem.pay.prepaid', { programName: offer.programName })}
      data-testid="rx-prepay-applied"
    >
      <Stack gap={4}>
        <Text size="sm">{t('prepayRedeem.code', { code: code })}</Text>
        {offer.checkoutMessage.trim() !== '' ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {offer.checkoutMessage}
          </Text>
        ) : null}
        {offer.patientAmt > 0 ? (
          <Text size="sm" fw={700}>
            {t('prepayRedeem.patientAmt', {
              amount: formatCents(offer.patientAmt, lang),
            })}
          </Text>
        ) : null}
        {offer.priceMsg.trim() !== '' ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {offer.priceMsg}
          </Text>
        ) : null}
        <Text size="sm">{t('prepayRedeem.pay.noCard')}</Text>
      </Stack>
    </Alert>
  );
}

/** The code's field: Enter applies it; read-only while it is checked; a refusal under it. */
function RxPrepayInput({
  value,
  onChange,
  onApply,
  error,
  checking,
}: {
  value: string;
  onChange: (value: string) => void;
  onApply: () => void;
  error: string | null;
  checking: boolean;
}) {
  const t = useT();
  return (
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
  );
}
