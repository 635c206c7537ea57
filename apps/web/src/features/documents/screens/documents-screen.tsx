import { type DocumentView, monthOf } from '@apothecall/domain/documents/documents.schemas';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { currentPerson, type StoredSession, useSession } from '../../../lib/session-store';
import { useMonthDocuments } from '../api/get-patient-docs';
import { useRemoveDocument } from '../api/remove-document';
import { documentName, formatMonth, shiftMonth, thisMonth } from '../components/document-format';
import { DocumentRow } from '../components/document-row';
import { UploadDocumentForm } from '../components/upload-document-form';
import { useDocumentDownload } from '../hooks/use-document-download';

/**
 * One month of the family's documents: the current month first (POST /get-patient-docs), then
 * the month before or after with /get-patient-docs-date. The month's name is the list's heading.
 */
function MonthDocuments({
  month,
  onMonth,
}: {
  month: string | null;
  onMonth: (month: string) => void;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const list = useMonthDocuments(month, { staleTime: 0 });
  const download = useDocumentDownload();
  const [removing, setRemoving] = useState<DocumentView | null>(null);
  const remove = useRemoveDocument({
    onSuccess: () => {
      setRemoving(null);
      notifications.show({
        id: 'document-removed',
        color: 'green',
        message: t('documentUi.removed'),
      });
    },
  });

  // The month shown: the one asked for, else the server's current month (this device's month
  // until it answered: the server counts months in the zone the app sends).
  const shown = month ?? list.data?.month ?? thisMonth();
  const label = formatMonth(shown, lang);
  const documents = list.data?.documents ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-month`}>
      <Title
        order={2}
        size="h3"
        id={`${id}-month`}
        aria-live="polite"
        data-testid="documents-month"
      >
        {label}
      </Title>
      <MonthNav shown={shown} onMonth={onMonth} />
      {list.isPending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {list.isError ? <LoadFailed error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && documents.length === 0 ? (
        <Text data-testid="documents-empty">{t('documentUi.empty', { month: label })}</Text>
      ) : null}
      {documents.length > 0 ? (
        <DocumentsList
          documents={documents}
          label={label}
          downloadingToken={download.isPending ? download.variables : undefined}
          onDownload={(document) => download.mutate(document.token)}
          onRemove={(document) => {
            remove.reset();
            setRemoving(document);
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title={t('documentUi.removeTitle')}
        body={
          removing
            ? `${documentName(t, removing)}. ${t('documentUi.removeConfirm')}`
            : t('documentUi.removeConfirm')
        }
        confirmLabel={t('documentUi.remove')}
        cancelLabel={t('documentUi.cancel')}
        pending={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing.token)}
        onClose={() => (remove.isPending ? undefined : setRemoving(null))}
        testId="document-remove"
      />
    </Stack>
  );
}

/** The month before and the month after the one shown (none after this month). */
function MonthNav({ shown, onMonth }: { shown: string; onMonth: (month: string) => void }) {
  const t = useT();
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" size="sm" onClick={() => onMonth(shiftMonth(shown, -1))}>
        {t('documentUi.previousMonth')}
      </Button>
      <Button
        variant="default"
        size="sm"
        // No documents are dated after this month.
        disabled={shown >= thisMonth()}
        onClick={() => onMonth(shiftMonth(shown, 1))}
      >
        {t('documentUi.nextMonth')}
      </Button>
    </Group>
  );
}

/** The month's list could not be read: why, and Retry. */
function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('documentUi.loadFailed', { message: errorText(t, error) })}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('documentUi.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The month's documents, each to download, open or (an upload) remove. */
function DocumentsList({
  documents,
  label,
  downloadingToken,
  onDownload,
  onRemove,
}: {
  documents: readonly DocumentView[];
  label: string;
  downloadingToken: string | undefined;
  onDownload: (document: DocumentView) => void;
  onRemove: (document: DocumentView) => void;
}) {
  const t = useT();
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('documentUi.listLabel', { month: label })}
      data-testid="documents-list"
    >
      {documents.map((document) => (
        <DocumentRow
          key={document.id}
          document={document}
          downloading={downloadingToken === document.token}
          onDownload={() => onDownload(document)}
          onRemove={() => onRemove(document)}
        />
      ))}
    </Stack>
  );
}

function DocumentsContent({ session }: { session: StoredSession }) {
  const t = useT();
  // null: the current month as the server counts it (the first list).
  const [month, setMonth] = useState<string | null>(null);
  return (
    <Stack p="md" maw={760} mx="auto" w="100%" data-screen="docs">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('documentUi.heading')}
        </Title>
        <Text c="dimmed">{t('documentUi.intro')}</Text>
      </Stack>
      <MonthDocuments month={month} onMonth={setMonth} />
      <UploadDocumentForm
        users={session.profile.users}
        defaultPatient={currentPerson(session).id}
        onUploaded={(document) => {
          // The list turns to the month of the new document.
          const uploadedMonth = monthOf(document.fdate);
          if (uploadedMonth !== (month ?? thisMonth())) setMonth(uploadedMonth);
        }}
      />
    </Stack>
  );
}

/**
 * Documents (spec section 2, /docs): the family's notes, prescriptions, consents, receipts,
 * certificates and uploads of one month, newest first, each to download, open (/doc) or, when
 * the family uploaded it, remove; and the upload form.
 */
export function DocumentsScreen() {
  const session = useSession();
  return session ? <DocumentsContent session={session} /> : null;
}
