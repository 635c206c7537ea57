import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { Alert, Box, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { getDocData } from '../api/get-doc-data';
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

function OpenedDocument({ document }: { document: DocumentView }) {
  const t = useT();
  const name = documentName(t, document);
  // The bytes are read once per visit to the screen and kept in memory only while it is open.
  const data = useQuery({
    queryKey: ['documents', 'data', document.id],
    queryFn: () => getDocData(document.token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const blob = useMemo(() => (data.data ? documentBlob(data.data) : null), [data.data]);
  const url = useObjectUrl(blob);
  const kind = data.data ? previewKind(data.data.contentType) : 'none';
  const download = useDocumentDownload();
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <DocumentFacts document={document} title={name} />
      </Stack>
      <Group gap="xs">
        <Button
          onClick={() => download.mutate(document.token)}
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

/**
 * A document (spec section 2, /doc): the one the list's Open link handed over in memory, shown
 * (a PDF in a frame, an image) from a blob: address, with Download and the way back. Opened any
 * other way (a reload, a bookmark) it says the document is not available.
 */
export function DocumentScreen() {
  const t = useT();
  const [document] = useState(openedDocument);
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="doc">
      <Title order={1} size="h2">
        {t('documentUi.detail.heading')}
      </Title>
      {document ? (
        <OpenedDocument document={document} />
      ) : (
        <Alert color="yellow" data-testid="document-not-found">
          {t('documentUi.detail.notFound')}
        </Alert>
      )}
      <Button component={Link} to="/docs" variant="subtle" w="fit-content">
        {t('documentUi.detail.back')}
      </Button>
    </Stack>
  );
}
