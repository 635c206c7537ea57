import { notifications } from '@mantine/notifications';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-blob';
import { useDocumentDataDownload } from '../api/document-data';
import { documentBlob } from '../components/document-format';

/**
 * Downloads a document: POST /get-doc-data with its token, the base64 answer as a Blob, saved
 * under the name the server gave. A failure is a red toast in the reader's language.
 */
export function useDocumentDownload() {
  const t = useT();
  return useDocumentDataDownload({
    onSuccess: (data) => saveBlob(documentBlob(data), data.name),
    onError: (error) => {
      notifications.show({
        id: 'document-download-failed',
        color: 'red',
        message: t('documentUi.downloadFailed', { message: errorText(t, error) }),
      });
    },
  });
}
