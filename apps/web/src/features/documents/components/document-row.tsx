import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { Button, Card, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { DocumentFacts } from './document-facts';
import { documentName } from './document-format';
import { documentPath, openDocument } from './opened-document';

/**
 * One document of the month: its kind, description, whom it is for and its day, with Download,
 * Open (/doc?id=<token>, its facts handed over in memory) and, for the family's own uploads, Remove.
 * Each button is named after the document ('Download Lab results').
 */
export function DocumentRow({
  document,
  downloading,
  onDownload,
  onRemove,
}: {
  document: DocumentView;
  downloading: boolean;
  onDownload: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const name = documentName(t, document);
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="li"
      data-testid="document"
      data-source={document.source}
    >
      <Stack gap={6}>
        <DocumentFacts document={document} title={document.fdesc} />
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            onClick={onDownload}
            loading={downloading}
            aria-label={t('documentUi.downloadLabel', { name })}
          >
            {t('documentUi.download')}
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={documentPath(document)}
            onClick={() => openDocument(document)}
            aria-label={t('documentUi.openLabel', { name })}
          >
            {t('documentUi.open')}
          </Button>
          {document.removable ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={onRemove}
              aria-label={t('documentUi.removeLabel', { name })}
            >
              {t('documentUi.remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
