import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { link } from '@apothecall/domain/navigation/links';
import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import { Alert, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type Translate, useLang, useT } from '../../../lib/i18n';
import {
  failureMessage,
  formatCents,
  formatDateTime,
  formatDay,
  maskedCard,
  statusLabel,
} from '../../../lib/payments/payment-format';
import { useDownloadReceipt } from '../api/download-receipt';
import { useTransactions } from '../api/get-transactions';

/**
 * Printing shows the receipt only: the app header, footer and the screen's buttons are
 * hidden, and the main area loses the header's offset.
 */
const printCss = `
@media print {
  [data-app-header], [data-print-hide], footer { display: none !important; }
  [data-app-main] { padding-top: 0 !important; min-height: 0 !important; }
  [data-screen="receipt"] { max-width: none !important; padding: 0 !important; }
  [data-receipt] { border: none !important; box-shadow: none !important; }
}
`;

/** The receipt's transaction id: router state first (the route "receives props"), then ?id=. */
function useReceiptId(): string | null {
  const location = useLocation();
  const [query] = useSearchParams();
  const state: unknown = location.state;
  if (typeof state === 'object' && state !== null && 'id' in state) {
    const { id } = state;
    if (typeof id === 'string' && id !== '') return id;
  }
  return query.get('id');
}

/** A file name the browser accepts: the invoice number, else the transaction id. */
function fileName(entry: TransactionEntry): string {
  const base = (entry.invoiceNumber || entry.id).replace(/[^A-Za-z0-9._-]/g, '_');
  return `receipt-${base}.pdf`;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" component="dt" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="sm"
        component="dd"
        m={0}
        ta="right"
        style={{ minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </Group>
  );
}

function ReceiptBody({ entry }: { entry: TransactionEntry }) {
  const t = useT();
  const lang = useLang();
  const download = useDownloadReceipt({
    onSuccess: (blob) => saveBlob(blob, fileName(entry)),
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('paymentScreens.receipt.downloadFailed', { message: failureMessage(t, error) }),
      });
    },
  });
  const charged = Math.max(0, entry.amount - entry.creditCents);
  return (
    <>
      <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-receipt>
        <Stack gap="xs" component="dl" m={0}>
          <Row label={t('paymentScreens.receipt.invoice')}>{entry.invoiceNumber || '—'}</Row>
          <Row label={t('paymentScreens.receipt.date')}>
            <time dateTime={entry.date}>{formatDateTime(entry.date, lang)}</time>
          </Row>
          <Row label={t('paymentScreens.receipt.description')}>{entry.description}</Row>
          <Row label={t('paymentScreens.receipt.type')}>
            {t(`paymentScreens.kind.${entry.kind}`)}
          </Row>
          <Row label={t('paymentScreens.receipt.cardHolder')}>{entry.cardHolder || '—'}</Row>
          <Row label={t('paymentScreens.receipt.card')}>{maskedCard(t, entry.card)}</Row>
          <Row label={t('paymentScreens.receipt.status')}>
            {statusLabel(t, entry.transactionStatus)}
          </Row>
          <Row label={t('paymentScreens.receipt.transId')}>{entry.transId}</Row>
        </Stack>
        {/* Two lists around the rule: a <dl> holds only its label/value groups (axe). */}
        <Divider my="xs" />
        <Stack gap="xs" component="dl" m={0}>
          <Row label={t('paymentScreens.receipt.amount')}>{formatCents(entry.amount, lang)}</Row>
          {entry.creditCents > 0 ? (
            <Row label={t('paymentScreens.receipt.credit')}>
              {formatCents(entry.creditCents, lang)}
            </Row>
          ) : null}
          <Row label={t('paymentScreens.receipt.charged')}>
            <strong>{formatCents(charged, lang)}</strong>
          </Row>
        </Stack>
      </Card>
      <Group gap="xs" data-print-hide>
        <Button onClick={() => window.print()}>{t('paymentScreens.receipt.print')}</Button>
        <Button
          variant="light"
          loading={download.isPending}
          onClick={() => download.mutate({ id: entry.id, offlineMessage: t('errors.network') })}
        >
          {t('paymentScreens.receipt.download')}
        </Button>
      </Group>
    </>
  );
}

/**
 * A receipt is titled by what was bought and its day ('Receipt for Video visit: Sore throat ·
 * Nov 27, 2026'); the invoice number stays a labelled line of the receipt.
 */
function receiptTitle(t: Translate, lang: Lang, entry: TransactionEntry): string {
  if (entry.description.trim() === '') return t('paymentScreens.receipt.title');
  return t('paymentScreens.receipt.titleOf', {
    what: entry.description,
    date: formatDay(entry.date, lang),
  });
}

/** Receipt (spec section 2: "/transactions/receipt, receives props"): printable, and as a PDF. */
export function ReceiptScreen() {
  const t = useT();
  const lang = useLang();
  const id = useReceiptId();
  const transactions = useTransactions({ enabled: id !== null });
  const entry = id ? transactions.data?.find((item) => item.id === id) : undefined;
  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-screen="receipt">
      <style>{printCss}</style>
      <Title order={1} size="h2">
        {entry ? receiptTitle(t, lang, entry) : t('paymentScreens.receipt.title')}
      </Title>
      {id !== null && transactions.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : null}
      {transactions.isError ? (
        <Alert color="red" role="alert">
          {t('paymentScreens.receipt.loadFailed', {
            message: failureMessage(t, transactions.error),
          })}
        </Alert>
      ) : null}
      {id === null || (transactions.isSuccess && !entry) ? (
        <Alert color="yellow">{t('paymentScreens.receipt.notFound')}</Alert>
      ) : null}
      {entry ? <ReceiptBody entry={entry} /> : null}
      <Button
        component={Link}
        to={link('/transactions')}
        variant="subtle"
        w="fit-content"
        data-print-hide
      >
        {t('paymentScreens.receipt.back')}
      </Button>
    </Stack>
  );
}
