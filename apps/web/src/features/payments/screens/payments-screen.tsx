import { link } from '@apothecall/domain/navigation/links';
import type { StoredCard } from '@apothecall/domain/payments/payments.schemas';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { dangerButton } from '../../../components/danger-button';
import { useLang, useT } from '../../../lib/i18n';
import { CardForm } from '../../../lib/payments/card-form';
import { brandName, failureMessage, formatCents } from '../../../lib/payments/payment-format';
import { useRewardBalance } from '../api/get-reward-balance';
import { ResultDialog } from '../components/result-dialog';
import { useCardActions } from '../components/use-card-actions';

function StoredCardItem({ card, onDelete }: { card: StoredCard; onDelete: () => void }) {
  const t = useT();
  const brand = brandName(t, card.cardType);
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid="stored-card"
      aria-label={t('paymentScreens.card.endingIn', { brand, last4: card.last4 })}
      component="li"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{brand}</Text>
            <Text ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              •••• {card.last4}
            </Text>
            {card.paymentProfileValid ? null : (
              <Badge color="red" variant="light">
                {t('paymentScreens.cards.invalid')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('paymentScreens.cards.expires', { expiration: card.expiration })}
          </Text>
          {card.paymentProfileValid ? null : (
            <Text size="sm" c="red">
              {t('paymentScreens.cards.invalidHint')}
            </Text>
          )}
        </Stack>
        <Button
          color="red"
          variant="subtle"
          size="compact-sm"
          onClick={onDelete}
          aria-label={t('paymentScreens.cards.deleteLabel', { brand, last4: card.last4 })}
        >
          {t('paymentScreens.cards.delete')}
        </Button>
      </Group>
    </Card>
  );
}

function DeleteCardDialog({
  card,
  pending,
  onConfirm,
  onClose,
}: {
  card: StoredCard | null;
  pending: boolean;
  onConfirm: (card: StoredCard) => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={card !== null}
      onClose={onClose}
      title={t('paymentScreens.cards.deleteTitle')}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('paymentScreens.common.close') }}
    >
      {card ? (
        <Stack>
          <Text>
            {t('paymentScreens.cards.deleteBody', {
              brand: brandName(t, card.cardType),
              last4: card.last4,
            })}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('paymentScreens.common.cancel')}
            </Button>
            <Button {...dangerButton} loading={pending} onClick={() => onConfirm(card)}>
              {t('paymentScreens.cards.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Credit cards (spec sections 2, 4 and 8): stored cards, add a card, delete a card. */
export function PaymentsScreen() {
  const t = useT();
  const actions = useCardActions();
  const { profiles, adding, setAdding, toDelete, setToDelete, dialog, setDialog } = actions;
  const { add, remove, addCard, deleteCard } = actions;
  const cards = profiles.data?.payProfiles ?? [];
  const addButton = (
    <Button onClick={() => setAdding(true)} w="fit-content">
      {t('paymentScreens.cards.add')}
    </Button>
  );

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="payments">
      <PaymentsHeader />
      {profiles.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : null}
      {profiles.isError ? (
        <Alert color="red" role="alert">
          {t('paymentScreens.cards.loadFailed', { message: failureMessage(t, profiles.error) })}
        </Alert>
      ) : null}
      {profiles.isSuccess ? (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('paymentScreens.cards.title')}
        >
          {cards.length === 0 ? (
            // Deleting the last card leaves one empty placeholder (spec section 4, Card).
            <Card withBorder radius="md" p="md" component="li" data-testid="card-placeholder">
              <Stack gap="xs">
                <Text fw={700}>{t('paymentScreens.cards.empty')}</Text>
                <Text size="sm" c="dimmed">
                  {t('paymentScreens.cards.emptyHint')}
                </Text>
                {adding ? null : addButton}
              </Stack>
            </Card>
          ) : (
            cards.map(({ card }) => (
              <StoredCardItem key={card.profileID} card={card} onDelete={() => setToDelete(card)} />
            ))
          )}
        </Stack>
      ) : null}
      {profiles.isSuccess && cards.length > 0 && !adding ? addButton : null}
      {profiles.isSuccess && adding ? (
        <CardForm pending={add.isPending} onCancel={() => setAdding(false)} onSubmit={addCard} />
      ) : null}
      <DeleteCardDialog
        card={toDelete}
        pending={remove.isPending}
        onConfirm={deleteCard}
        onClose={() => setToDelete(null)}
      />
      <ResultDialog content={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}

/** The screen's title, the credit balance and the links to the coupon and transactions. */
function PaymentsHeader() {
  const t = useT();
  const lang = useLang();
  const balance = useRewardBalance();
  return (
    <>
      <Title order={1} size="h2">
        {t('paymentScreens.cards.title')}
      </Title>
      <Text c="dimmed">{t('paymentScreens.cards.subtitle')}</Text>
      <Text fw={600} data-testid="credit-balance">
        {t('paymentScreens.credit.balance', { amount: formatCents(balance.data ?? 0, lang) })}
      </Text>
      <Group gap="xs">
        <Button component={Link} to={link('/coupon')} variant="light" size="xs">
          {t('paymentScreens.nav.coupon')}
        </Button>
        <Button component={Link} to={link('/transactions')} variant="light" size="xs">
          {t('paymentScreens.nav.transactions')}
        </Button>
        <Button component={Link} to={link('/referred-transactions')} variant="light" size="xs">
          {t('paymentScreens.nav.referred')}
        </Button>
      </Group>
    </>
  );
}
