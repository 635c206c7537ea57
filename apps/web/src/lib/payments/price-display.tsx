import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { Alert, Loader, Text } from '@mantine/core';
import { type Translate, useT } from '../i18n';
import { formatCents } from './payment-format';
import type { StoredPrice } from './price-store';

/** Where the price comes from: a coupon, a referral code, or the default fee. */
export function priceSourceLabel(t: Translate, price: StoredPrice): string {
  if (price.source === 'coupon' && price.code) {
    return t('paymentScreens.coupon.source.coupon', { code: price.code });
  }
  if (price.source === 'referral' && price.code) {
    return t('paymentScreens.coupon.source.referral', { code: price.code });
  }
  return t('paymentScreens.coupon.source.default');
}

/**
 * The visit price as the coupon screen and the checkout show it: a label, the amount (a live
 * status), its source; the load error, or a loader while it comes.
 */
export function PriceDisplay(props: {
  label: string;
  /** The label's element id. */
  labelId: string;
  /** Test ids of the amount and of its source line. */
  testIds: { price: string; source: string };
  price: StoredPrice | null;
  /** Where the price comes from, when not a coupon, a referral or the default (a member price). */
  sourceText?: string | undefined;
  /** The load failure, already translated; null when none. */
  error: string | null;
  lang: Lang;
}) {
  const t = useT();
  const { label, labelId, testIds, price, sourceText, error, lang } = props;
  return (
    <>
      <Text size="sm" c="dimmed" id={labelId}>
        {label}
      </Text>
      {price ? (
        <>
          <Text
            fz={32}
            fw={700}
            role="status"
            aria-labelledby={labelId}
            data-testid={testIds.price}
          >
            {formatCents(price.price, lang)}
          </Text>
          <Text size="sm" data-testid={testIds.source}>
            {sourceText ?? priceSourceLabel(t, price)}
          </Text>
        </>
      ) : error !== null ? (
        <Alert color="red" role="alert">
          {t('paymentScreens.coupon.priceFailed', { message: error })}
        </Alert>
      ) : (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      )}
    </>
  );
}
