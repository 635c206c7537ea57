import type { SubscriberView } from '@apothecall/domain/subscriptions/subscriptions.api';
import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Pager } from '../../../components/pager';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useRxAdminSubscribers, useRxAdminSubscriptions } from '../api/get-rx-admin-subscriptions';
import { useRxAdminCancelSubscription } from '../api/rx-admin-cancel-subscription';
import { LoadProblem } from '../components/load-problem';
import { ReasonDialog } from '../components/reason-dialog';
import { RevenueChart } from '../components/revenue-chart';
import { SubscribersList } from '../components/subscribers-list';
import { formatDay } from '../components/subscription-format';

/**
 * /rxadmin: the rx-subscription administrator's subscribers (member, plan or
 * medication, status, next renewal, billing, last charge) with 'Cancel' and 'Cancel and refund'
 * (a reason asked first; POST /rxadmin/subscriptions/{id}/cancel), and the revenue by month.
 * The route guard (step 3) keeps everyone else out; the server answers them 403 too.
 * `children`: the other sections of the rx administrator's workspace (the announcements to
 * pharmacies), shown below.
 */
export function RxAdminScreen({ children }: { children?: ReactNode }) {
  const t = useT();
  const lang = useLang();
  const list = useRxAdminSubscriptions({ staleTime: 0 });
  // The subscribers: searched and paged on the server, newest first.
  const [draft, setDraft] = useState('');
  const [ask, setAsk] = useState<{ query: string; page: number }>({ query: '', page: 1 });
  const found = useRxAdminSubscribers(ask, {
    placeholderData: keepPreviousData,
  });
  const [acting, setActing] = useState<{ subscriber: SubscriberView; refund: boolean } | null>(
    null,
  );

  // The subscriber's row and, after a refund, the month's revenue are read again by the hook.
  const cancel = useRxAdminCancelSubscription({
    onSuccess: (subscriber, input) => {
      notifications.show({
        color: 'green',
        message: input.refund
          ? t('subscriptionUi.admin.refundDone', { name: subscriber.memberName })
          : t('subscriptionUi.admin.cancelDone', { name: subscriber.memberName }),
      });
      setActing(null);
    },
  });

  const open = (subscriber: SubscriberView, refund: boolean) => {
    cancel.reset();
    setActing({ subscriber, refund });
  };

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="rx-admin">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('subscriptionUi.admin.title')}
        </Title>
        <Text c="dimmed">{t('subscriptionUi.admin.lead')}</Text>
      </Stack>
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} testId="rxadmin-error" />
      ) : (
        <>
          <SectionCard title={t('subscriptionUi.admin.revenue')} testId="rxadmin-revenue-section">
            <RevenueChart months={list.data.revenueByMonth} />
          </SectionCard>
          <Title order={2} size="h4" id="rxadmin-subscribers">
            {t('subscriptionUi.admin.subscribers', { count: found.data?.total ?? 0 })}
          </Title>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setAsk({ query: draft.trim(), page: 1 });
            }}
          >
            <Group align="flex-end" gap="xs">
              <TextInput
                label={t('lists.subscribers.searchLabel')}
                value={draft}
                maxLength={100}
                onChange={(event) => setDraft(event.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="rxadmin-search"
              />
              <Button type="submit" variant="default" data-testid="rxadmin-search-submit">
                {t('lists.search')}
              </Button>
            </Group>
          </form>
          {found.isPending ? (
            <Loader role="status" size="sm" aria-label={t('shell.loading')} />
          ) : found.isError ? (
            <LoadProblem
              error={found.error}
              retry={() => void found.refetch()}
              testId="rxadmin-search-error"
            />
          ) : found.data.total === 0 ? (
            <Card withBorder radius="md" p="md" data-testid="rxadmin-empty">
              <Text>{ask.query ? t('lists.noMatch') : t('subscriptionUi.admin.empty')}</Text>
            </Card>
          ) : (
            <>
              <SubscribersList
                subscribers={found.data.subscribers}
                labelledBy="rxadmin-subscribers"
                onAction={open}
              />
              {found.data.total > found.data.pageSize ? (
                <Pager
                  page={found.data.page}
                  total={found.data.total}
                  pageSize={found.data.pageSize}
                  onPage={(page) => setAsk((current) => ({ ...current, page }))}
                  testId="rxadmin-pager"
                />
              ) : null}
            </>
          )}
        </>
      )}
      {children}
      {acting ? (
        <ReasonDialog
          title={
            acting.refund
              ? t('subscriptionUi.admin.refundTitle', { name: acting.subscriber.memberName })
              : t('subscriptionUi.admin.cancelTitle', { name: acting.subscriber.memberName })
          }
          body={
            acting.refund
              ? t('subscriptionUi.admin.refundBody', {
                  amount: acting.subscriber.lastCharge
                    ? formatCents(acting.subscriber.lastCharge.amount, lang)
                    : '—',
                })
              : acting.subscriber.renewDate
                ? t('subscriptionUi.admin.cancelBody', {
                    date: formatDay(acting.subscriber.renewDate, lang),
                  })
                : t('subscriptionUi.cancel.bodyNoDate')
          }
          confirmLabel={
            acting.refund
              ? t('subscriptionUi.admin.cancelRefund')
              : t('subscriptionUi.admin.cancel')
          }
          pending={cancel.isPending}
          error={
            cancel.isError
              ? t('subscriptionUi.admin.cancelFailed', { message: errorText(t, cancel.error) })
              : null
          }
          onConfirm={(reason) =>
            cancel.mutate({ id: acting.subscriber.id, refund: acting.refund, reason })
          }
          onClose={() => setActing(null)}
          testId="rxadmin-cancel-dialog"
        />
      ) : null}
    </Stack>
  );
}
