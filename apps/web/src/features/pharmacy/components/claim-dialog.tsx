import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { balanceCoversFee } from './pharmacy-status-form';

/**
 * 'Submit Payment' asks first: claiming takes the claim fee from the prepay account (spec:
 * 'A fee is deducted from the prepay account after confirmation') and opens the prescription.
 */
export function ClaimDialog({
  opened,
  fee,
  balance,
  admin = false,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  fee: number;
  balance: number;
  /** The pharmacy's administrator: offered "Add funds" where the balance falls short. */
  admin?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const covered = balanceCoversFee(balance, fee);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('pharmacyScreens.claim.title')}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('pharmacyScreens.close') }}
    >
      <Stack data-testid="pharmacy-claim-dialog">
        <Text>{t('pharmacyScreens.claim.body', { fee: formatCents(fee, lang) })}</Text>
        <Text size="sm" data-testid="pharmacy-claim-balance">
          {t('pharmacyScreens.claim.balance', { balance: formatCents(balance, lang) })}
        </Text>
        {covered ? null : (
          <Alert color="yellow" role="status">
            <Stack gap="xs">
              <Text size="sm">{t('pharmacyScreens.claim.lowBalance')}</Text>
              {admin ? (
                <Button
                  component="a"
                  href={`#${link('/pharmacists')}`}
                  size="xs"
                  variant="light"
                  w="fit-content"
                  data-testid="pharmacy-claim-add-funds"
                >
                  {t('pharmacyScreens.claim.addFunds')}
                </Button>
              ) : null}
            </Stack>
          </Alert>
        )}
        {error ? (
          <Alert color="red" role="alert" data-testid="pharmacy-claim-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('pharmacyScreens.claim.cancel')}
          </Button>
          <Button loading={pending} onClick={onConfirm} data-testid="pharmacy-claim-confirm">
            {t('pharmacyScreens.claim.confirm', { fee: formatCents(fee, lang) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
