import { link } from '@apothecall/domain/navigation/links';
import { couponRequestSchema } from '@apothecall/domain/payments/payments.api';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { failureMessage, formatCents } from '../../../lib/payments/payment-format';
import { PriceDisplay } from '../../../lib/payments/price-display';
import {
  type StoredPrice,
  setStoredPrice,
  useStoredPrice,
} from '../../../lib/payments/price-store';
import { useAccountPrice, useRestoreDefaultPrice } from '../api/get-account-price';
import { useApplyCoupon } from '../api/redeem-coupon';
import { type DialogContent, ResultDialog } from '../components/result-dialog';

/** Non-empty texts only: a coupon may come without a title or message. */
function present(...lines: string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}

/**
 * Coupon (spec sections 2, 7 and 8): the current visit price, a coupon code (verified, then
 * redeemed) and a way back to the default price. The price chosen here is kept for the tab in
 * the price store, with its signed token, for the checkout.
 */
export function CouponScreen() {
  const t = useT();
  const lang = useLang();
  const stored = useStoredPrice();
  // Nothing chosen in this tab: the account's price (a coupon applied earlier, on any device).
  const accountPrice = useAccountPrice({ enabled: stored === null });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogContent | null>(null);

  const current: StoredPrice | null = stored ?? accountPrice.data ?? null;

  const apply = useApplyCoupon({
    onSuccess: (answer, coupon) => {
      setStoredPrice({
        price: answer.price,
        priceToken: answer.priceToken,
        source: 'coupon',
        code: coupon.toUpperCase(),
      });
      setCode('');
      setDialog({
        title: t('payments.coupon.addedTitle'),
        lines: present(
          answer.data.title,
          answer.data.msg,
          t('paymentScreens.coupon.newPrice', { price: formatCents(answer.price, lang) }),
        ),
        tone: 'success',
      });
    },
    onError: (error) => {
      setDialog({
        title: t('payments.coupon.errorTitle'),
        lines: [failureMessage(t, error)],
        tone: 'error',
      });
    },
  });

  const restore = useRestoreDefaultPrice({
    onSuccess: (answer) => {
      setStoredPrice(answer);
      setDialog({
        title: t('payments.coupon.defaultPriceRestoredTitle'),
        lines: present(
          t('paymentScreens.coupon.defaultPrice', { price: formatCents(answer.price, lang) }),
        ),
        tone: 'success',
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('paymentScreens.coupon.priceFailed', { message: failureMessage(t, error) }),
      });
    },
  });

  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-screen="coupon">
      <Title order={1} size="h2">
        {t('paymentScreens.coupon.title')}
      </Title>
      <Text c="dimmed">{t('paymentScreens.coupon.subtitle')}</Text>
      <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
        <Stack gap={4}>
          <PriceDisplay
            label={t('paymentScreens.coupon.currentPrice')}
            labelId="current-price-label"
            testIds={{ price: 'current-price', source: 'price-source' }}
            price={current}
            error={accountPrice.isError ? failureMessage(t, accountPrice.error) : null}
            lang={lang}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = couponRequestSchema.safeParse({ coupon: code });
            if (!parsed.success) {
              setCodeError(t('common.required'));
              return;
            }
            setCodeError(null);
            apply.mutate(parsed.data.coupon);
          }}
        >
          <Stack>
            <TextInput
              label={t('paymentScreens.coupon.code')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Button type="submit" loading={apply.isPending} disabled={restore.isPending}>
                {t('paymentScreens.coupon.apply')}
              </Button>
              <Button
                variant="default"
                onClick={() => restore.mutate()}
                loading={restore.isPending}
                disabled={apply.isPending}
              >
                {t('paymentScreens.coupon.restore')}
              </Button>
            </SimpleGrid>
          </Stack>
        </form>
      </Card>
      <CouponNav />
      <ResultDialog content={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}

/** The links to the cards and the transactions. */
function CouponNav() {
  const t = useT();
  return (
    <Group gap="xs">
      <Button component={Link} to={link('/payments')} variant="light" size="xs">
        {t('paymentScreens.nav.cards')}
      </Button>
      <Button component={Link} to={link('/transactions')} variant="light" size="xs">
        {t('paymentScreens.nav.transactions')}
      </Button>
    </Group>
  );
}
