import {
  maxProgramVisits,
  type PrepayNotificationKind,
  type PrepayProgramSettings,
  type PrepayProgramView,
  prepayNotificationKinds,
  prepayVisitTypes,
} from '@apothecall/domain/prepay/prepay.api';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { getProductInfo, productInfoQueryKey } from '../../rx/api/get-product-info';
import { prepayListQueryKey } from '../api/get-prepay-list';
import { prepayProgramQueryKey } from '../api/get-prepay-program';
import { updatePrepayProgram } from '../api/update-prepay-program';
import { type FieldError, fieldText } from './form-check';
import { LowBalanceInput } from './low-balance-input';
import { treatmentText } from './prepay-format';
import {
  checkSettings,
  draftFromProgram,
  type SettingsDraft,
  type SettingsField,
  toggled,
  usesChannel,
} from './program-settings-form';

const kindLabel = {
  lowBalance: 'prepayUi.notify.kind.lowBalance',
  prepayClaimed: 'prepayUi.notify.kind.prepayClaimed',
  prepayRx: 'prepayUi.notify.kind.prepayRx',
  prepayRxDenied: 'prepayUi.notify.kind.prepayRxDenied',
} as const satisfies Record<PrepayNotificationKind, string>;

const sectionStyles = { legend: { fontWeight: 700 } };

/** The treatments the program may pay for, as checkboxes (none checked: any treatment). */
function TreatmentChoice({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  const t = useT();
  const products = useQuery({
    queryKey: productInfoQueryKey(null),
    queryFn: () => getProductInfo(null),
    staleTime: 5 * 60_000,
  });
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

/**
 * The holder's settings of a program (POST /prepay-program/{id}): every field of the
 * contract's prepayProgramSettingsSchema, checked with it before sending. Amounts are typed in
 * dollars and sent as cents; 0 (or empty) means none.
 */
export function ProgramSettingsSection({ program }: { program: PrepayProgramView }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromProgram(program));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, FieldError>>>({});
  const save = useMutation({
    mutationFn: (settings: PrepayProgramSettings) => updatePrepayProgram(program.id, settings),
    onSuccess: (updated) => {
      queryClient.setQueryData(prepayProgramQueryKey(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: prepayListQueryKey });
      setDraft(draftFromProgram(updated));
      notifications.show({ color: 'green', message: t('prepayUi.settings.saved') });
    },
  });

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (key !== 'channels' && key !== 'visitType') {
      setErrors((current) => ({ ...current, [key]: undefined }));
    }
  };
  const setChannel = (kind: PrepayNotificationKind, channel: 'email' | 'sms', on: boolean) => {
    setDraft((current) => ({
      ...current,
      channels: { ...current.channels, [kind]: { ...current.channels[kind], [channel]: on } },
    }));
  };
  const err = (field: SettingsField) => fieldText(t, errors[field]);

  const submit = () => {
    save.reset();
    const check = checkSettings(draft, isMessageKey);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    save.mutate(check.settings);
  };

  const hasErrors = Object.values(errors).some(Boolean);
  const ownPharmacy = program.pharmacy;
  const otherPharmacies = program.pharmacies.filter(
    (p) => p.id !== ownPharmacy?.id && draft.pharmacyRestriction.includes(p.id),
  );

  return (
    <SectionCard title={t('prepayUi.settings.title')} testId="prepay-settings">
      <Form onSubmit={submit}>
        <Stack gap="md">
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

          <Fieldset
            legend={t('prepayUi.settings.limits')}
            variant="unstyled"
            styles={sectionStyles}
          >
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
                      toggled(
                        draft.pharmacyRestriction,
                        ownPharmacy.id,
                        event.currentTarget.checked,
                      ),
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

          <Fieldset legend={t('prepayUi.notify.title')} variant="unstyled" styles={sectionStyles}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('prepayUi.notify.lead')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('prepayUi.notify.email')}
                  description={
                    usesChannel(draft, 'email') && draft.notifyEmail.trim() === ''
                      ? t('prepayUi.notify.emailNeeded')
                      : undefined
                  }
                  type="email"
                  autoComplete="email"
                  value={draft.notifyEmail}
                  onChange={(event) => set('notifyEmail', event.currentTarget.value)}
                  maxLength={254}
                  error={err('notifyEmail')}
                  data-testid="prepay-settings-notify-email"
                />
                <TextInput
                  label={t('prepayUi.notify.phone')}
                  description={
                    usesChannel(draft, 'sms') && draft.notifyPhone.trim() === ''
                      ? t('prepayUi.notify.phoneNeeded')
                      : undefined
                  }
                  type="tel"
                  autoComplete="tel"
                  value={draft.notifyPhone}
                  onChange={(event) => set('notifyPhone', event.currentTarget.value)}
                  maxLength={30}
                  error={err('notifyPhone')}
                  data-testid="prepay-settings-notify-phone"
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {prepayNotificationKinds.map((kind) => (
                  <Fieldset
                    key={kind}
                    legend={t(kindLabel[kind])}
                    p="sm"
                    data-testid={`prepay-notify-${kind}`}
                  >
                    <Group gap="lg">
                      <Switch
                        label={t('prepayUi.notify.byEmail')}
                        checked={draft.channels[kind].email}
                        onChange={(event) => setChannel(kind, 'email', event.currentTarget.checked)}
                        data-testid={`prepay-notify-${kind}-email`}
                      />
                      <Switch
                        label={t('prepayUi.notify.bySms')}
                        checked={draft.channels[kind].sms}
                        onChange={(event) => setChannel(kind, 'sms', event.currentTarget.checked)}
                        data-testid={`prepay-notify-${kind}-sms`}
                      />
                    </Group>
                  </Fieldset>
                ))}
              </SimpleGrid>
            </Stack>
          </Fieldset>

          {hasErrors ? (
            <Alert color="red" role="alert" data-testid="prepay-settings-invalid">
              {t('prepayUi.form.fix')}
            </Alert>
          ) : null}
          {save.isError ? (
            <Alert color="red" role="alert" data-testid="prepay-settings-error">
              {errorText(t, save.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="prepay-settings-save">
              {t('prepayUi.settings.save')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  );
}
