import { validateCardExpiry } from '@apothecall/domain/payments/cards.rules';
import { type CardEntry, cardEntrySchema } from '@apothecall/domain/payments/payments.schemas';
import { validateZip } from '@apothecall/domain/places/address.rules';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useT } from '../i18n';
import { translateCardError } from './payment-format';

interface CardFormValues {
  cardHolderName: string;
  ccNumber: string;
  cvv: string;
  expiration: string;
  cardZip: string;
}

const empty: CardFormValues = {
  cardHolderName: '',
  ccNumber: '',
  cvv: '',
  expiration: '',
  cardZip: '',
};

/** Today in the browser's time zone: a card is good through the end of its expiry month. */
function today() {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/**
 * The card-entry form (spec section 5, Card), validated by the domain's cardEntrySchema, plus
 * the expiry month and the 5-digit zip. The card number and CVV are cleared from the form as
 * soon as it is submitted and are never logged; the parent sends the card and forgets it.
 */
export function CardForm({
  pending,
  onSubmit,
  onCancel,
  texts,
}: {
  pending: boolean;
  onSubmit: (card: CardEntry) => void;
  /** Without it, no Cancel button (the /testcc check). */
  onCancel?: () => void;
  /** The heading, the line under it and the button (default: adding a card). */
  texts?: { title: string; note: string; submit: string };
}) {
  const t = useT();
  const form = useForm<CardFormValues>({
    mode: 'uncontrolled',
    initialValues: empty,
    validate: (values) => {
      const errors = zod4Resolver(cardEntrySchema, { errorPriority: 'first' })({ ...values });
      if (!errors.expiration) {
        const expiry = validateCardExpiry(values.expiration, today());
        if (!expiry.ok) errors.expiration = expiry.key;
      }
      const zip = validateZip(values.cardZip);
      if (!zip.ok) errors.cardZip = zip.key;
      return errors;
    },
  });

  const errors = form.errors;
  const field = (name: keyof CardFormValues) => ({
    key: form.key(name),
    ...form.getInputProps(name),
    error: translateCardError(t, errors[name]),
  });

  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="card-form">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const parsed = cardEntrySchema.safeParse(values);
          // Validation passed above; the number and CVV leave the form either way. Field by
          // field, so that each input is replaced by an empty one (an uncontrolled form's
          // `setValues` changes only its values, and the page keeps showing what was typed).
          form.setFieldValue('ccNumber', '');
          form.setFieldValue('cvv', '');
          if (parsed.success) onSubmit(parsed.data);
        })}
      >
        <Stack>
          <Title order={2} size="h4">
            {texts?.title ?? t('paymentScreens.cardForm.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {texts?.note ?? t('paymentScreens.cardForm.notCharged')}
          </Text>
          <TextInput
            label={t('paymentScreens.cardForm.holder')}
            autoComplete="cc-name"
            {...field('cardHolderName')}
          />
          <TextInput
            label={t('paymentScreens.cardForm.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            {...field('ccNumber')}
          />
          <CardExpiryFields field={field} />
          <Group justify="flex-end" gap="xs">
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={pending}>
                {t('paymentScreens.common.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={pending}>
              {texts?.submit ?? t('paymentScreens.cardForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The expiration, the CVV and the billing ZIP, side by side. */
function CardExpiryFields({
  field,
}: {
  field: (name: keyof CardFormValues) => Record<string, unknown>;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <TextInput
        label={t('paymentScreens.cardForm.expiration')}
        placeholder={t('paymentScreens.cardForm.expirationHint')}
        inputMode="numeric"
        autoComplete="cc-exp"
        maxLength={5}
        {...field('expiration')}
      />
      <TextInput
        label={t('paymentScreens.cardForm.cvv')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        {...field('cvv')}
      />
      <TextInput
        label={t('paymentScreens.cardForm.zip')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        {...field('cardZip')}
      />
    </SimpleGrid>
  );
}
