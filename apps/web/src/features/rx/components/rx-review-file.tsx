import type { RxVisitFile } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Anchor, Card, Image, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import { useClinicRxFile } from '../api/clinic-get-rx-file';
import { errorText } from './rx-format';

/**
 * A photo ID or attachment of a visit under review: fetched with the auth header into a blob
 * URL (never a token in a URL); a photo is shown, anything else is a link to open it.
 */
export function RxReviewFile({ visitId, file }: { visitId: string; file: RxVisitFile }) {
  const t = useT();
  const blob = useClinicRxFile(visitId, file.id, t('errors.network'));
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const kind =
    file.docType === 'id' ? t('rxScreens.clinic.fileId') : t('rxScreens.clinic.fileAttachment');
  const isImage = (blob.data?.type || file.type).startsWith('image/');
  return (
    <Card withBorder radius="md" p="xs" data-testid="rx-review-file" data-doc-type={file.docType}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {kind}: {file.name}
        </Text>
        {blob.isPending ? (
          <Loader role="status" size="xs" aria-label={t('rxScreens.clinic.fileLoading')} />
        ) : blob.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, blob.error)}
          </Alert>
        ) : url && isImage ? (
          <Anchor href={url} target="_blank" rel="noopener">
            <Image
              src={url}
              alt={t('rxScreens.clinic.fileAlt', { kind })}
              mah={240}
              w="auto"
              fit="contain"
            />
          </Anchor>
        ) : url ? (
          <Anchor href={url} target="_blank" rel="noopener" size="sm">
            {t('rxScreens.clinic.openFile', { name: file.name })}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
