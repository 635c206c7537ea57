import { cardBrandOf } from '@apothecall/domain/payments/cards.rules';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { CardForm } from '../../../lib/payments/card-form';

interface Checked {
  brand: ReturnType<typeof cardBrandOf>;
  last4: string;
  expiration: string;
}

/**
 * /testcc, public (docs/api.md "Routes the spec names without saying what
 * they are"): checks a card as typed with the card form's own rules (spec section 5: holder name,
 * number by length and Luhn, CVV, MM/YY not past, 5-digit zip) and says the brand, last four and
 * expiry it read. In the browser only: nothing is sent, stored or charged (so it is no oracle for
 * stolen cards), and the number and CVV leave the form once checked.
 */
export function TestCardScreen() {
  const t = useT();
  const [checked, setChecked] = useState<Checked | null>(null);
  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-screen="testCreditCard">
      <Title order={1} size="h2">
        {t('paymentScreens.testCard.title')}
      </Title>
      <Text>{t('paymentScreens.testCard.intro')}</Text>
      <CardForm
        pending={false}
        texts={{
          title: t('paymentScreens.testCard.formTitle'),
          note: t('paymentScreens.testCard.note'),
          submit: t('paymentScreens.testCard.submit'),
        }}
        onSubmit={(card) =>
          setChecked({
            brand: cardBrandOf(card.ccNumber),
            last4: card.ccNumber.slice(-4),
            expiration: card.expiration,
          })
        }
      />
      {checked ? (
        <Alert color="green" role="status" data-testid="test-card-result">
          <Stack gap={4}>
            <Text size="sm">
              {t('paymentScreens.testCard.ok', {
                brand: t(`paymentScreens.brand.${checked.brand}`),
                last4: checked.last4,
                expiration: checked.expiration,
              })}
            </Text>
            {checked.brand === 'unknown' ? (
              <Text size="sm">{t('paymentScreens.testCard.unknownBrand')}</Text>
            ) : null}
            <Text size="sm">{t('paymentScreens.testCard.cleared')}</Text>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
