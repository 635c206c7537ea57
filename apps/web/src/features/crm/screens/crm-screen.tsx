import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useCrmCustomers } from '../api/get-crm-customers';
import { CustomerDetail } from '../components/customer-detail';
import { CustomersPanel } from '../components/customers-panel';
import { TasksPanel } from '../components/tasks-panel';

type CrmTab = 'customers' | 'tasks';

/**
 * /crm (spec section 2, "CRM"): the pharmacy's customers with their tag badges (add,
 * open, edit, record interactions) and its tasks (add with a tag and a due date, mark done). The
 * tab is `?tab=tasks`; a customer opens as `?customer=<id>` and Back returns to the list. The
 * pharmacy's staff only (route guard step 4d; the server answers anyone else 403).
 */
export function CrmScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: CrmTab = params.get('tab') === 'tasks' ? 'tasks' : 'customers';
  const openId = params.get('customer');
  const customers = useCrmCustomers();
  const open = openId ? customers.data?.find((c) => c.id === openId) : undefined;

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="crm">
      <Title order={1} size="h2">
        {t('crmUi.title')}
      </Title>
      <Text c="dimmed">{t('crmUi.lead')}</Text>
      {openId ? (
        open ? (
          <CustomerDetail customer={open} onBack={() => setParams({})} />
        ) : customers.isPending ? null : (
          <Stack gap="sm">
            <Alert color="red" role="alert" data-testid="crm-customer-missing">
              {t('crm.customerNotFound')}
            </Alert>
            <Button variant="subtle" w="fit-content" px={0} onClick={() => setParams({})}>
              {t('crmUi.customer.back')}
            </Button>
          </Stack>
        )
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'tasks' ? { tab: 'tasks' } : {})}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('crmUi.tabs.label')}>
            <Tabs.Tab value="customers" data-testid="crm-tab-customers">
              {t('crmUi.tabs.customers')}
            </Tabs.Tab>
            <Tabs.Tab value="tasks" data-testid="crm-tab-tasks">
              {t('crmUi.tabs.tasks')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="customers" pt="md">
            <CustomersPanel onOpen={(id) => setParams({ customer: id })} />
          </Tabs.Panel>
          <Tabs.Panel value="tasks" pt="md">
            <TasksPanel customers={customers.data ?? []} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
