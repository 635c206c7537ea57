import {
  type CustomerView,
  type InteractionView,
  maxInteractionSummary,
} from '@apothecall/domain/crm/crm.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Facts } from '../../../components/facts';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useAddCrmInteraction } from '../api/add-crm-interaction';
import { useCrmInteractions } from '../api/get-crm-interactions';
import { formatDateTime } from './crm-format';
import {
  checkInteraction,
  emptyInteractionDraft,
  type InteractionDraft,
  type InteractionField,
} from './crm-forms';
import { ChannelSelect, channelLabel, TagBadge, TagSelect } from './crm-tags';
import { CustomerForm } from './customer-form';

/** Records an interaction with the customer: when, how, a summary and one interaction tag. */
function InteractionForm({ customerId }: { customerId: string }) {
  const t = useT();
  const form = useDraft<InteractionDraft, MessageKey>(() => emptyInteractionDraft(new Date()));
  const { draft, errors } = form;
  const add = useAddCrmInteraction({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('crmUi.interactions.added') });
      form.reset();
    },
  });
  const set = <F extends InteractionField>(field: F, value: InteractionDraft[F]) => {
    form.set(field, value);
    add.reset();
  };
  const errorOf = (field: InteractionField) => {
    const key = errors[field];
    return key ? t(key) : null;
  };
  return (
    <SectionCard title={t('crmUi.interactions.addTitle')} testId="crm-interaction-form">
      <Form
        onSubmit={() => {
          const checked = checkInteraction(draft, isMessageKey);
          if (!checked.ok) {
            form.refuse(checked.errors);
            return;
          }
          add.mutate({ customerId, body: checked.request });
        }}
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="datetime-local"
              label={t('crmUi.interactions.at')}
              value={draft.at}
              onChange={(event) => set('at', event.currentTarget.value)}
              error={errorOf('at')}
              withAsterisk
              maw={260}
              data-testid="crm-interaction-at"
            />
            <ChannelSelect
              value={draft.channel}
              onChange={(channel) => set('channel', channel)}
              error={errorOf('channel')}
              t={t}
            />
          </Group>
          <Textarea
            label={t('crmUi.interactions.summary')}
            value={draft.summary}
            onChange={(event) => set('summary', event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={maxInteractionSummary}
            withAsterisk
            error={errorOf('summary')}
            data-testid="crm-interaction-summary"
          />
          <TagSelect
            set="interaction"
            label={t('crmUi.interactions.tag')}
            value={draft.tag}
            onChange={(tag) => set('tag', tag)}
            error={errorOf('tag')}
            t={t}
            testId="crm-interaction-tag"
          />
          {add.isError ? (
            <Alert color="red" role="alert" data-testid="crm-interaction-error">
              {t('crmUi.interactions.addFailed', { message: errorText(t, add.error) })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={add.isPending}
            w="fit-content"
            data-testid="crm-interaction-add"
          >
            {t('crmUi.interactions.add')}
          </Button>
        </Stack>
      </Form>
    </SectionCard>
  );
}

function InteractionItem({ interaction }: { interaction: InteractionView }) {
  const t = useT();
  const lang = useLang();
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="crm-interaction"
      data-interaction-id={interaction.id}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <TagBadge set="interaction" tag={interaction.tag} t={t} />
          <Text size="sm" fw={500}>
            {formatDateTime(interaction.at, lang)}
          </Text>
          <Text size="sm" c="dimmed">
            {channelLabel(t, interaction.channel)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {interaction.summary}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * One customer (opened from the list as `/crm?customer=<id>`): the contact facts and tag, Edit
 * (the whole record), the interactions newest first and the form to record one.
 */
export function CustomerDetail({
  customer,
  onBack,
}: {
  customer: CustomerView;
  onBack: () => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="md" data-testid="crm-customer-detail" data-customer-id={customer.id}>
      <Button variant="subtle" onClick={onBack} w="fit-content" px={0}>
        {t('crmUi.customer.back')}
      </Button>
      {editing ? (
        <CustomerForm
          customer={customer}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <CustomerCard customer={customer} onEdit={() => setEditing(true)} />
      )}
      <InteractionsSection customerId={customer.id} />
      <InteractionForm customerId={customer.id} />
    </Stack>
  );
}

/** The customer's record: name, tag, contact, patient account and notes, and Edit. */
function CustomerCard({ customer, onEdit }: { customer: CustomerView; onEdit: () => void }) {
  const t = useT();
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="crm-customer-name">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h3" id="crm-customer-name" style={{ overflowWrap: 'anywhere' }}>
              {customer.name}
            </Title>
            <TagBadge set="customer" tag={customer.tag} t={t} />
          </Group>
          <Button variant="light" onClick={onEdit} data-testid="crm-customer-edit">
            {t('crmUi.customer.edit')}
          </Button>
        </Group>
        <Facts
          labelWidth={160}
          rows={[
            {
              key: 'email',
              label: t('crmUi.fact.email'),
              value: customer.email || t('crmUi.customer.noEmail'),
            },
            {
              key: 'phone',
              label: t('crmUi.fact.phone'),
              value: customer.phone ? formatPhone(customer.phone) : t('crmUi.customer.noPhone'),
            },
            ...(customer.patientAccountId
              ? [
                  {
                    key: 'patient',
                    label: t('crmUi.fact.patient'),
                    value: customer.patientAccountId,
                  },
                ]
              : []),
            ...(customer.notes
              ? [{ key: 'notes', label: t('crmUi.fact.notes'), value: customer.notes }]
              : []),
          ]}
        />
      </Stack>
    </Card>
  );
}

/** The customer's interactions, newest first. */
function InteractionsSection({ customerId }: { customerId: string }) {
  const t = useT();
  const interactions = useCrmInteractions(customerId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="crm-interactions-title">
      <Title order={2} size="h4" id="crm-interactions-title">
        {t('crmUi.interactions.title')}
      </Title>
      {interactions.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : interactions.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, interactions.error)}
        </Alert>
      ) : interactions.data.length === 0 ? (
        <Text c="dimmed" data-testid="crm-interactions-empty">
          {t('crmUi.interactions.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {interactions.data.map((interaction) => (
            <InteractionItem key={interaction.id} interaction={interaction} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
