import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { RxPrepayRemove } from './rx-prepay-remove';

/**
 * The prepay code the patient holds, over the Rx catalogue and flow: which program
 * pays, that the code is applied at checkout (and, on the catalogue, that only its treatments
 * are shown), or why the code cannot be used; and a button to remove it.
 */
export function RxPrepayBanner({
  code,
  offer,
  refusal,
  filtering,
  onRemove,
}: {
  code: string;
  /** The offer checked for the code; null while it is checked, or when it was refused. */
  offer: PrepayOffer | null;
  /** The server's reason the code cannot be used, when it refused it. */
  refusal: string | null;
  /** The catalogue shows only the offer's treatments. */
  filtering: boolean;
  onRemove: () => void;
}) {
  const t = useT();
  const remove = <RxPrepayRemove code={code} onRemove={onRemove} />;
  if (refusal) {
    return (
      <Alert color="red" role="alert" data-testid="rx-prepay-banner" data-state="refused">
        <Stack gap="xs">
          <Text size="sm">{t('prepayRedeem.bannerRefused', { code, message: refusal })}</Text>
          <Group>{remove}</Group>
        </Stack>
      </Alert>
    );
  }
  if (!offer) return null;
  return (
    <Alert
      color="teal"
      title={t('prepayRedeem.banner', { programName: offer.programName })}
      data-testid="rx-prepay-banner"
      data-state="held"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('prepayRedeem.bannerCode', { code })}
          {filtering ? ` ${t('prepayRedeem.bannerTreatments')}` : ''}
        </Text>
        <Group>{remove}</Group>
      </Stack>
    </Alert>
  );
}
