import {
  type CustomerView,
  maxCustomerName,
  maxCustomerNotes,
} from '@apothecall/domain/crm/crm.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useCreateCrmCustomer } from '../api/create-crm-customer';
import { useUpdateCrmCustomer } from '../api/update-crm-customer';
import {
  type CustomerDraft,
  type CustomerField,
  checkCustomer,
  customerDraftOf,
  emptyCustomerDraft,
} from './crm-forms';
import { TagBadge, TagSelect } from './crm-tags';

/**
 * A new customer, or the whole record of one (the tag included): checked with the API's schema
 * first, each refusal under its field; the server's refusal (named field) above the button.
 */
export function CustomerForm({
  customer,
  onSaved,
  onCancel,
}: {
  customer?: CustomerView;
  onSaved: (customer: CustomerView) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const form = useDraft<CustomerDraft, MessageKey>(() =>
    customer ? customerDraftOf(customer) : emptyCustomerDraft,
  );
  const { draft, errors } = form;
  const saved = (result: CustomerView) => {
    notifications.show({ color: 'green', message: t('crmUi.customer.saved') });
    onSaved(result);
  };
  // A new customer is created, a known one updated (both refresh the list and the tasks).
  const create = useCreateCrmCustomer({ onSuccess: saved });
  const update = useUpdateCrmCustomer({ onSuccess: saved });
  const save = customer ? update : create;
  const set = <F extends CustomerField>(field: F, value: CustomerDraft[F]) => {
    form.set(field, value);
    save.reset();
  };
  const errorOf = (field: CustomerField) => {
    const key = errors[field];
    return key ? t(key) : null;
  };
  return (
    <SectionCard
      title={customer ? t('crmUi.customer.editTitle') : t('crmUi.customer.addTitle')}
      testId="crm-customer-form"
    >
      <Form
        onSubmit={() => {
          const checked = checkCustomer(draft, isMessageKey);
          if (!checked.ok) {
            form.refuse(checked.errors);
            return;
          }
          if (customer) update.mutate({ id: customer.id, body: checked.request });
          else create.mutate(checked.request);
        }}
      >
        <Stack gap="sm">
          <CustomerFields draft={draft} set={set} errorOf={errorOf} />
          <TagField
            tag={draft.tag}
            error={errorOf('tag')}
            showBadge={!errors.tag}
            onChange={(tag) => set('tag', tag)}
          />
          {save.isError ? (
            <Alert color="red" role="alert" data-testid="crm-customer-error">
              {t('crmUi.customer.saveFailed', { message: errorText(t, save.error) })}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} data-testid="crm-customer-save">
              {t('crmUi.customer.save')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('crmUi.customer.cancel')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  );
}

interface FieldsProps {
  draft: CustomerDraft;
  set: <F extends CustomerField>(field: F, value: CustomerDraft[F]) => void;
  errorOf: (field: CustomerField) => string | null;
}

/** Name, e-mail, phone, the patient's account and notes. */
function CustomerFields({ draft, set, errorOf }: FieldsProps) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('crmUi.customer.name')}
        value={draft.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        maxLength={maxCustomerName}
        withAsterisk
        error={errorOf('name')}
        autoComplete="off"
        data-testid="crm-customer-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="email"
          label={t('crmUi.customer.email')}
          value={draft.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          maxLength={254}
          error={errorOf('email')}
          autoComplete="off"
          data-testid="crm-customer-email"
        />
        <TextInput
          type="tel"
          label={t('crmUi.customer.phone')}
          value={draft.phone}
          onChange={(event) => set('phone', event.currentTarget.value)}
          maxLength={32}
          error={errorOf('phone')}
          autoComplete="off"
          data-testid="crm-customer-phone"
        />
      </SimpleGrid>
      <TextInput
        label={t('crmUi.customer.patientAccount')}
        description={t('crmUi.customer.patientAccountHint')}
        value={draft.patientAccountId}
        onChange={(event) => set('patientAccountId', event.currentTarget.value)}
        maxLength={64}
        error={errorOf('patientAccountId')}
        autoComplete="off"
        data-testid="crm-customer-patient"
      />
      <Textarea
        label={t('crmUi.customer.notes')}
        value={draft.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={maxCustomerNotes}
        error={errorOf('notes')}
        data-testid="crm-customer-notes"
      />
    </>
  );
}

/** The customer's tag, with its badge once one is chosen (and not refused). */
function TagField({
  tag,
  error,
  showBadge,
  onChange,
}: {
  tag: CustomerDraft['tag'];
  error: string | null;
  showBadge: boolean;
  onChange: (tag: CustomerDraft['tag']) => void;
}) {
  const t = useT();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TagSelect
        set="customer"
        label={t('crmUi.customer.tag')}
        value={tag}
        onChange={onChange}
        error={error}
        t={t}
        testId="crm-customer-tag"
      />
      {tag && showBadge ? (
        <span style={{ paddingBottom: 8 }}>
          <TagBadge set="customer" tag={tag} t={t} />
        </span>
      ) : null}
    </Group>
  );
}
