import { type CustomerView, customerTags } from '@apothecall/domain/pharmacy/crm.api';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { TagBadge, tagLabel } from './crm-tags';
import { CustomerForm } from './customer-form';

function CustomerRow({ customer, onOpen }: { customer: CustomerView; onOpen: () => void }) {
  const t = useT();
  const contact = [customer.email, customer.phone && formatPhone(customer.phone)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="crm-customer"
      data-customer-id={customer.id}
      data-tag={customer.tag}
    >
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component="button"
            type="button"
            fw={600}
            ta="left"
            onClick={onOpen}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="crm-customer-open"
          >
            {customer.name}
          </Anchor>
          {contact ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {contact}
            </Text>
          ) : null}
        </Stack>
        <TagBadge set="customer" tag={customer.tag} t={t} />
      </Group>
    </Card>
  );
}

/**
 * The customers tab: Add customer (the form above the list), a filter by tag, and the list by
 * name with each customer's tag badge; a name opens the customer.
 */
export function CustomersPanel({
  customers,
  onOpen,
}: {
  customers: { data: CustomerView[] | undefined; isPending: boolean; error: unknown };
  onOpen: (id: string) => void;
}) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = (customers.data ?? []).filter((c) => filter === '' || c.tag === filter);
  return (
    <Stack gap="md">
      {adding ? (
        <CustomerForm onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
      ) : (
        <Button w="fit-content" onClick={() => setAdding(true)} data-testid="crm-customer-add">
          {t('crmUi.customers.add')}
        </Button>
      )}
      <Stack gap="xs" component="section" aria-labelledby="crm-customers-title">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="crm-customers-title">
            {t('crmUi.customers.title')}
          </Title>
          <NativeSelect
            label={t('crmUi.customers.filter')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            data={[
              { value: '', label: t('crmUi.customers.filterAll') },
              ...customerTags.map((tag) => ({ value: tag, label: tagLabel(t, 'customer', tag) })),
            ]}
            size="xs"
            data-testid="crm-customer-filter"
          />
        </Group>
        {customers.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : customers.error ? (
          <Alert color="red" role="alert">
            {errorText(t, customers.error)}
          </Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed" data-testid="crm-customers-empty">
            {t('crmUi.customers.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((customer) => (
              <CustomerRow
                key={customer.id}
                customer={customer}
                onOpen={() => onOpen(customer.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
