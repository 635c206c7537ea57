import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Box, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDocumentData } from '../api/document-data';
import { DocumentFacts } from '../components/document-facts';
import { documentBlob, documentName, previewKind } from '../components/document-format';
import { openedDocument } from '../components/opened-document';
import { useDocumentDownload } from '../hooks/use-document-download';

/** A blob: address for the document's bytes while it is on screen, revoked after. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The document of `token`: its facts when the list handed it over (`document`), else (a reload)
 * the name the server gives it; the preview, Download, and 'no longer available' when the
 * server does not find it for this account (removed, or another account's).
 */
function OpenedDocument({ token, document }: { token: string; document: DocumentView | null }) {
  const t = useT();
  // The bytes are read once per visit to the screen and kept in memory only while it is open.
  const data = useDocumentData(token, {
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const blob = useMemo(() => (data.data ? documentBlob(data.data) : null), [data.data]);
  const url = useObjectUrl(blob);
  const kind = data.data ? previewKind(data.data.contentType) : 'none';
  const download = useDocumentDownload();
  const name = document
    ? documentName(t, document)
    : (data.data?.name ?? t('documentUi.detail.heading'));
  if (data.error instanceof ApiError && data.error.status === 404) return <NotAvailable />;
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        {document ? (
          <DocumentFacts document={document} title={name} />
        ) : data.data ? (
          <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="document-name">
            {name}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs">
        <Button
          onClick={() => download.mutate(token)}
          loading={download.isPending}
          aria-label={t('documentUi.downloadLabel', { name })}
        >
          {t('documentUi.download')}
        </Button>
      </Group>
      {data.isPending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {data.isError ? (
        <Alert color="red" role="alert">
          {t('documentUi.detail.loadFailed', { message: errorText(t, data.error) })}
        </Alert>
      ) : null}
      {url && kind === 'pdf' ? (
        <Box
          component="iframe"
          src={url}
          title={name}
          data-testid="document-frame"
          w="100%"
          h="70vh"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
        />
      ) : null}
      {url && kind === 'image' ? (
        <Image
          src={url}
          alt={name}
          fit="contain"
          mah="70vh"
          maw="100%"
          data-testid="document-image"
        />
      ) : null}
      {data.isSuccess && kind === 'none' ? <Text>{t('documentUi.detail.noPreview')}</Text> : null}
    </Stack>
  );
}

function NotAvailable() {
  const t = useT();
  return (
    <Alert color="yellow" data-testid="document-not-found">
      {t('documentUi.detail.notFound')}
    </Alert>
  );
}

/**
 * A document (spec section 2, /doc?id=<token>): shown (a PDF in a frame, an image) from a blob:
 * address, with Download and the way back. The address carries the document's opaque token only
 * (its source and id, which open for the account that owns it; no name, no description); the
 * list's Open link also hands the document's facts over in memory (kind, title, patient, day).
 * A reload or a bookmark opens the document again by its token, named as the server names its
 * file; a token this account cannot open says the document is no longer
 * available.
 */
export function DocumentScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const [handed] = useState(openedDocument);
  const token = params.get('id') ?? handed?.token ?? null;
  const document = handed && handed.token === token ? handed : null;
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="doc">
      <Title order={1} size="h2">
        {t('documentUi.detail.heading')}
      </Title>
      {token ? <OpenedDocument token={token} document={document} /> : <NotAvailable />}
      <Button component={Link} to={link('/docs')} variant="subtle" w="fit-content">
        {t('documentUi.detail.back')}
      </Button>
    </Stack>
  );
}
