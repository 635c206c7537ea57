import { type CustomerTag, type CustomerView, customerTags } from '@apothecall/domain/crm/crm.api';
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
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Pager } from '../../../components/pager';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCrmCustomersSearch } from '../api/crm-customer-search';
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
 * The customers tab: Add customer (the form above the list), a search (name, e-mail or phone)
 * and a filter by tag that the server applies, and the list by name, 20 a page with the shared
 * pager, each customer with its tag badge; a name opens the customer.
 */
export function CustomersPanel({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const [ask, setAsk] = useState<{ query: string; tag: CustomerTag | ''; page: number }>({
    query: '',
    tag: '',
    page: 1,
  });
  const customers = useCrmCustomersSearch(ask, { placeholderData: keepPreviousData });
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
        <Title order={2} size="h4" id="crm-customers-title">
          {t('crmUi.customers.title')}
        </Title>
        <CustomerSearch
          draft={draft}
          onDraft={setDraft}
          tag={ask.tag}
          onSearch={() => setAsk((current) => ({ ...current, query: draft.trim(), page: 1 }))}
          onTag={(tag) => setAsk((current) => ({ ...current, tag, page: 1 }))}
        />
        {customers.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : customers.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, customers.error)}
          </Alert>
        ) : customers.data.total === 0 ? (
          <Text c="dimmed" data-testid="crm-customers-empty">
            {ask.query || ask.tag ? t('lists.noMatch') : t('crmUi.customers.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {customers.data.customers.map((customer) => (
              <CustomerRow
                key={customer.id}
                customer={customer}
                onOpen={() => onOpen(customer.id)}
              />
            ))}
          </Stack>
        )}
        {customers.data && customers.data.total > customers.data.pageSize ? (
          <Pager
            page={customers.data.page}
            total={customers.data.total}
            pageSize={customers.data.pageSize}
            onPage={(page) => setAsk((current) => ({ ...current, page }))}
            testId="crm-customers-pager"
          />
        ) : null}
      </Stack>
    </Stack>
  );
}

/** The search (name, e-mail or phone) and the tag filter, both applied by the server. */
function CustomerSearch({
  draft,
  onDraft,
  tag,
  onSearch,
  onTag,
}: {
  draft: string;
  onDraft: (draft: string) => void;
  tag: CustomerTag | '';
  onSearch: () => void;
  onTag: (tag: CustomerTag | '') => void;
}) {
  const t = useT();
  const searchId = useId();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          id={searchId}
          label={t('lists.customers.searchLabel')}
          value={draft}
          maxLength={100}
          onChange={(event) => onDraft(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 180 }}
          data-testid="crm-customer-search"
        />
        <Button type="submit" variant="default" data-testid="crm-customer-search-submit">
          {t('lists.search')}
        </Button>
        <NativeSelect
          label={t('crmUi.customers.filter')}
          value={tag}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onTag(customerTags.find((known) => known === value) ?? '');
          }}
          data={[
            { value: '', label: t('crmUi.customers.filterAll') },
            ...customerTags.map((tag) => ({ value: tag, label: tagLabel(t, 'customer', tag) })),
          ]}
          data-testid="crm-customer-filter"
        />
      </Group>
    </form>
  );
}
