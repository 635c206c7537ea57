import { link } from '@apothecall/domain/navigation/links';
import { maxVisitsPerPurchase } from '@apothecall/domain/prepay/prepay.api';
import { Anchor, NumberInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { usePurchasePrepayProgram } from '../api/purchase-prepay-program';
import { type FieldError, fieldText } from '../components/form-check';
import { LowBalanceInput } from '../components/low-balance-input';
import { wholeNumber } from '../components/prepay-format';
import {
  checkPurchase,
  emptyPurchaseDraft,
  type PurchaseDraft,
  type PurchaseField,
  visitsRangeError,
} from '../components/purchase-form';
import { VisitsCheckout } from '../components/visits-checkout';
import { usePatientReader } from '../hooks/use-patient-reader';
import { useVisitsCharge, type VisitsCharge } from '../hooks/use-visits-charge';

/**
 * /prepay-purchase: buy a prepay program: the visits, a name, the authorized users'
 * e-mails (optional) and the low-balance alert; the price of one visit and the total (GET
 * /prepay-pricing/new); a saved card or a new one. Buying opens the new program's page.
 */
export function PrepayPurchaseScreen() {
  const t = useT();
  const patient = usePatientReader();
  const navigate = useNavigate();
  const charge = useVisitsCharge('new');
  const { pricing, setProblem } = charge;
  const form = useDraft<PurchaseDraft, FieldError, PurchaseField>(emptyPurchaseDraft);
  const { draft, errors } = form;

  const buy = usePurchasePrepayProgram({
    onSuccess: (program) => {
      notifications.show({
        color: 'green',
        message: t('prepayUi.purchase.done', { name: program.name }),
      });
      navigate(link('/prepay-edit/:id', { id: program.id }));
    },
    onError: (error) => charge.chargeFailed(error, 'prepayUi.purchase.failed'),
  });

  const set = form.set;

  const submit = () => {
    setProblem(null);
    const check = checkPurchase(draft, pricing.data ?? null, {
      payProfileID: charge.choice.cardId === '' ? null : charge.choice.cardId,
      idempotencyKey: charge.attempt,
    });
    if (!check.ok) {
      form.refuse(check.errors);
      setProblem(t('prepayUi.form.fix'));
      return;
    }
    form.refuse({});
    if (charge.cardChosen()) buy.mutate(check.request);
  };

  const visits = wholeNumber(draft.visits, Number.NaN);

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="prepay-purchase">
      <Anchor component={Link} to={link('/prepay-select')} size="sm">
        {t('prepayUi.backToList')}
      </Anchor>
      <Title order={1} size="h2">
        {t('prepayUi.purchase.title')}
      </Title>
      <Text c="dimmed">
        {t(patient ? 'prepayUi.purchase.leadPatient' : 'prepayUi.purchase.lead')}
      </Text>
      <SectionCard title={t('prepayUi.edit.title')} testId="prepay-purchase-form">
        <Form onSubmit={submit}>
          <PurchaseFields draft={draft} set={set} errors={errors} pricing={pricing} />
        </Form>
      </SectionCard>
      <VisitsCheckout
        visits={visits}
        charge={charge}
        pending={buy.isPending}
        onSubmit={submit}
        submitLabel={(total) =>
          total === null
            ? t('prepayUi.purchase.submitNoTotal')
            : t('prepayUi.purchase.submit', { total })
        }
        testId="prepay-purchase"
      />
    </Stack>
  );
}

/** The purchase's fields: the visits (within the range the price allows), name, users, alert. */
function PurchaseFields({
  draft,
  set,
  errors,
  pricing,
}: {
  draft: PurchaseDraft;
  set: <K extends keyof PurchaseDraft>(key: K, value: PurchaseDraft[K]) => void;
  errors: Partial<Record<PurchaseField, FieldError>>;
  pricing: VisitsCharge['pricing'];
}) {
  const t = useT();
  const range = visitsRangeError(pricing.data ?? null).params ?? {};
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('prepayUi.purchase.visits')}
        description={t('prepayUi.purchase.visitsHint', {
          min: range.min ?? 1,
          max: range.max ?? maxVisitsPerPurchase,
        })}
        value={draft.visits}
        onChange={(value) => set('visits', value)}
        min={pricing.data?.minVisits ?? 1}
        max={Math.min(pricing.data?.maxVisits ?? maxVisitsPerPurchase, maxVisitsPerPurchase)}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        withAsterisk
        error={fieldText(t, errors.visits)}
        data-testid="prepay-purchase-visits"
      />
      <TextInput
        label={t('prepayUi.purchase.name')}
        description={t('prepayUi.purchase.nameHint')}
        value={draft.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        maxLength={100}
        withAsterisk
        error={fieldText(t, errors.name)}
        data-testid="prepay-purchase-name"
      />
      <Textarea
        label={t('prepayUi.purchase.users')}
        description={t('prepayUi.purchase.usersHint')}
        value={draft.users}
        onChange={(event) => set('users', event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={10}
        error={fieldText(t, errors.users)}
        data-testid="prepay-purchase-users"
      />
      <LowBalanceInput
        value={draft.lowBalanceLimit}
        onChange={(value) => set('lowBalanceLimit', value)}
        error={fieldText(t, errors.lowBalanceLimit)}
        testId="prepay-purchase-low-balance"
      />
    </Stack>
  );
}
