import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLang, useT } from '../../../lib/i18n';
import { useRefreshFamilyIdDocs, useVerifyIdFamilyDocs } from '../api/get-verify-id-family-docs';
import { useSetVerifyIdVisibility } from '../api/set-verify-id-visibility';
import { uploadRxId } from '../api/upload-rx-id';
import { RxFileUpload } from '../components/rx-file-upload';
import { errorText, formatDate } from '../components/rx-format';

/**
 * /uploadId: a photo ID for each family member (POST /rx/id), shown or hidden from pharmacies
 * (POST /set-verifyId-Visibility). Uploading clears the ID a visit of theirs waits for.
 */
export function UploadIdScreen() {
  const t = useT();
  const lang = useLang();
  const docs = useVerifyIdFamilyDocs();
  const refresh = useRefreshFamilyIdDocs();
  const visibility = useSetVerifyIdVisibility();

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="upload-id">
      <Title order={1} size="h2">
        {t('rxScreens.visits.uploadIdPage')}
      </Title>
      <Text c="dimmed">{t('rxScreens.upload.idPageLead')}</Text>
      {visibility.isError ? (
        <Alert color="red" role="alert">
          {t('rxScreens.visits.actionFailed', { message: errorText(t, visibility.error) })}
        </Alert>
      ) : null}
      {docs.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : docs.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, docs.error)}
        </Alert>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {docs.data.map(({ patientId, name, document }) => (
            <Card
              component="li"
              key={patientId}
              withBorder
              radius="md"
              p="md"
              aria-labelledby={`id-${patientId}`}
              data-testid="id-doc"
            >
              <Stack gap="xs">
                <Title order={2} size="h4" id={`id-${patientId}`}>
                  {name}
                </Title>
                {document ? (
                  <Group gap="xs">
                    <Text size="sm">
                      {t('rxScreens.upload.onFile', {
                        date: formatDate(document.uploadedAt, lang),
                      })}
                    </Text>
                    <Badge color={document.hidden ? 'gray' : 'green'} variant="light">
                      {document.hidden
                        ? t('rxScreens.upload.hiddenState')
                        : t('rxScreens.upload.shownState')}
                    </Badge>
                    <Button
                      size="xs"
                      variant="default"
                      loading={visibility.isPending && visibility.variables?.id === document.id}
                      onClick={() => visibility.mutate({ id: document.id, hide: !document.hidden })}
                    >
                      {document.hidden ? t('rxUi.upload.show') : t('rxUi.upload.hide')}
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm">{t('rxScreens.upload.noneOnFile')}</Text>
                )}
                <RxFileUpload
                  label={document ? t('rxScreens.upload.replace') : t('rxUi.visits.uploadId')}
                  upload={(file) => uploadRxId(patientId, file)}
                  onUploaded={refresh}
                  testId="id-upload"
                />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
