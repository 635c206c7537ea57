import {
  maxProgramVisits,
  type PrepayProgramView,
  prepayVisitTypes,
} from '@apothecall/domain/prepay/prepay.api';
import {
  Alert,
  Checkbox,
  Fieldset,
  Loader,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useProductInfo } from '../../rx/api/get-product-info';
import { LowBalanceInput } from './low-balance-input';
import { treatmentText } from './prepay-format';
import { type SettingsDraft, type SettingsField, toggled } from './program-settings-form';

/** What each part of the program's settings is given: the draft, its setter, a field's error. */
export interface SettingsPartProps {
  draft: SettingsDraft;
  set: <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;
  err: (field: SettingsField) => string | undefined;
}

export const sectionStyles = { legend: { fontWeight: 700 } };

/** The program's name and description. */
export function NameFields({ draft, set, err }: SettingsPartProps) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('prepayUi.settings.name')}
        value={draft.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        maxLength={100}
        withAsterisk
        error={err('name')}
        data-testid="prepay-settings-name"
      />
      <Textarea
        label={t('prepayUi.settings.description')}
        value={draft.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
        error={err('description')}
        data-testid="prepay-settings-description"
      />
    </>
  );
}

/** What the patient pays and is told, and the reward. */
export function PatientFieldset({ draft, set, err }: SettingsPartProps) {
  const t = useT();
  return (
    <Fieldset
      legend={t('prepayUi.settings.patientSection')}
      variant="unstyled"
      styles={sectionStyles}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('prepayUi.settings.patientAmt')}
            description={t('prepayUi.settings.patientHint')}
            value={draft.patientAmt}
            onChange={(event) => set('patientAmt', event.currentTarget.value)}
            inputMode="decimal"
            placeholder="0.00"
            maxLength={12}
            error={err('patientAmt')}
            data-testid="prepay-settings-patient-amt"
          />
          <TextInput
            label={t('prepayUi.settings.rewardAmt')}
            description={t('prepayUi.settings.rewardHint')}
            value={draft.rewardAmt}
            onChange={(event) => set('rewardAmt', event.currentTarget.value)}
            inputMode="decimal"
            placeholder="0.00"
            maxLength={12}
            error={err('rewardAmt')}
            data-testid="prepay-settings-reward-amt"
          />
        </SimpleGrid>
        <TextInput
          label={t('prepayUi.settings.priceMsg')}
          description={t('prepayUi.settings.priceMsgHint')}
          value={draft.priceMsg}
          onChange={(event) => set('priceMsg', event.currentTarget.value)}
          maxLength={500}
          error={err('priceMsg')}
          data-testid="prepay-settings-price-msg"
        />
        <Textarea
          label={t('prepayUi.settings.checkoutMessage')}
          description={t('prepayUi.settings.checkoutHint')}
          value={draft.checkoutMessage}
          onChange={(event) => set('checkoutMessage', event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
          error={err('checkoutMessage')}
          data-testid="prepay-settings-checkout-message"
        />
      </Stack>
    </Fieldset>
  );
}

/** The visit type and the limits on use. */
export function LimitsFieldset({ draft, set, err }: SettingsPartProps) {
  const t = useT();
  return (
    <Fieldset legend={t('prepayUi.settings.limits')} variant="unstyled" styles={sectionStyles}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('prepayUi.settings.visitType')}
          value={draft.visitType}
          onChange={(event) => {
            const value = prepayVisitTypes.find((v) => v === event.currentTarget.value);
            if (value) set('visitType', value);
          }}
          data={prepayVisitTypes.map((value) => ({
            value,
            label: t(`prepayUi.settings.visitType.${value}`),
          }))}
          data-testid="prepay-settings-visit-type"
        />
        <NumberInput
          label={t('prepayUi.settings.perAccountLimit')}
          description={t('prepayUi.settings.zeroNone')}
          value={draft.perAccountLimit}
          onChange={(value) => set('perAccountLimit', value)}
          min={0}
          max={maxProgramVisits}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={err('perAccountLimit')}
          data-testid="prepay-settings-per-account"
        />
        <NumberInput
          label={t('prepayUi.settings.reuseIntervalDays')}
          description={t('prepayUi.settings.reuseHint')}
          value={draft.reuseIntervalDays}
          onChange={(value) => set('reuseIntervalDays', value)}
          min={0}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={err('reuseIntervalDays')}
          data-testid="prepay-settings-reuse-days"
        />
        <LowBalanceInput
          value={draft.lowBalanceLimit}
          onChange={(value) => set('lowBalanceLimit', value)}
          error={err('lowBalanceLimit')}
          testId="prepay-settings-low-balance"
        />
      </SimpleGrid>
    </Fieldset>
  );
}

/** The treatments and pharmacies the program is restricted to. */
export function RestrictionsFieldset({
  draft,
  set,
  err,
  program,
}: SettingsPartProps & { program: PrepayProgramView }) {
  const t = useT();
  const ownPharmacy = program.pharmacy;
  const otherPharmacies = program.pharmacies.filter(
    (p) => p.id !== ownPharmacy?.id && draft.pharmacyRestriction.includes(p.id),
  );
  return (
    <Fieldset
      legend={t('prepayUi.settings.restrictions')}
      variant="unstyled"
      styles={sectionStyles}
    >
      <Stack gap="sm">
        <TreatmentChoice
          value={draft.reasonRestriction}
          onChange={(value) => set('reasonRestriction', value)}
          error={err('reasonRestriction')}
        />
        {ownPharmacy ? (
          <Checkbox
            label={t('prepayUi.settings.pharmacy', { pharmacy: ownPharmacy.name })}
            checked={draft.pharmacyRestriction.includes(ownPharmacy.id)}
            onChange={(event) =>
              set(
                'pharmacyRestriction',
                toggled(draft.pharmacyRestriction, ownPharmacy.id, event.currentTarget.checked),
              )
            }
            error={err('pharmacyRestriction')}
            data-testid="prepay-settings-pharmacy"
          />
        ) : null}
        {otherPharmacies.length > 0 ? (
          <Text size="sm">
            {t('prepayUi.settings.otherPharmacies', {
              pharmacies: otherPharmacies.map((p) => p.name).join(', '),
            })}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** The treatments the program may pay for, as checkboxes (none checked: any treatment). */
export function TreatmentChoice({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  const t = useT();
  const products = useProductInfo(null, { staleTime: 5 * 60_000 });
  if (products.isPending) return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (products.isError) {
    return (
      <Alert color="red" role="alert">
        {t('prepayUi.settings.treatmentsFailed', { message: errorText(t, products.error) })}
      </Alert>
    );
  }
  const known = new Set(products.data.products.map((p) => p.id));
  // A restriction to a treatment the catalogue no longer lists is kept, and shown by its id.
  const unknown = value.filter((id) => !known.has(id));
  return (
    <Checkbox.Group
      label={t('prepayUi.settings.treatments')}
      description={t('prepayUi.settings.treatmentsHint')}
      value={value}
      onChange={onChange}
      error={error}
      data-testid="prepay-settings-treatments"
    >
      <Stack gap={6} mt="xs">
        {products.data.products.map((product) => (
          <Checkbox
            key={product.id}
            value={product.id}
            label={treatmentText(t, product.id, product.nameKey)}
          />
        ))}
        {unknown.map((id) => (
          <Checkbox key={id} value={id} label={id} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
