import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { Text } from '@mantine/core';
import { useLang, useT } from '../../../lib/i18n';
import { formatDay, kindLabel } from './document-format';

/**
 * What a document is, as the list row and the viewer show it: its kind, its title, whom it is
 * for and its day (a fragment: the caller lays it out).
 */
export function DocumentFacts({ document, title }: { document: DocumentView; title: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <Text size="sm" c="dimmed" fw={600}>
        {kindLabel(t, document.source)}
      </Text>
      {title ? (
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
      ) : null}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('documentUi.forPatient', { name: document.patientName })}
      </Text>
      <Text size="sm" c="dimmed">
        <time dateTime={document.fdate}>
          {t('documentUi.date', { date: formatDay(document.fdate, lang) })}
        </time>
      </Text>
    </>
  );
}
