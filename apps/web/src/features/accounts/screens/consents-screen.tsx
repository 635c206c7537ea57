import type { ConsentStatus } from '@apothecall/domain/accounts/accounts.api';
import { safeReturnPath } from '@apothecall/domain/navigation/routes';
import { Alert, Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { useAcceptConsents } from '../api/accept-consents';
import { useConsents } from '../api/get-consents';
import { ConsentDocumentLink } from '../components/consent-document-link';

type ConsentDocument = ConsentStatus['documents'][number];

/**
 * Consent to treat and terms (spec section 5): each current document must be accepted before
 * care; then the user continues to the `to` path they came for.
 */
export function ConsentsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('to'));
  // The brand's own consent and terms documents, when it publishes them (app settings).
  const legalNotice = useBrandState().whiteLabel?.appSettings.legalNotice;
  const [checked, setChecked] = useState<Partial<Record<ConsentDocument['id'], boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const status = useConsents({ staleTime: 0 });
  const accept = useAcceptConsents({
    onSuccess: () => {
      navigate(returnTo, { replace: true });
    },
  });

  const documentName = (doc: ConsentDocument) => t(`accountScreens.consents.document.${doc.id}`);
  const isChecked = (doc: ConsentDocument) =>
    checked[doc.id] ?? doc.acceptedVersion === doc.version;

  let content: ReactNode;
  if (status.isPending) {
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('shell.loading')}</Text>
      </Group>
    );
  } else if (status.isError) {
    content = (
      <>
        <Alert color="red" role="alert" title={t('accountScreens.consents.errorTitle')}>
          {status.error instanceof ApiError ? status.error.message : t('errors.network')}
        </Alert>
        <Button variant="light" w="fit-content" onClick={() => void status.refetch()}>
          {t('accountScreens.consents.retry')}
        </Button>
      </>
    );
  } else if (status.data.upToDate) {
    content = (
      <>
        <Alert color="green" role="status">
          {t('accountScreens.consents.upToDate')}
        </Alert>
        {status.data.documents.map((doc) => (
          <Group key={doc.id} justify="space-between" wrap="wrap" gap="xs">
            <Text fw={500}>{documentName(doc)}</Text>
            <Text size="sm" c="dimmed">
              {t('accountScreens.consents.accepted', {
                version: doc.acceptedVersion ?? doc.version,
              })}
            </Text>
            <ConsentDocumentLink
              url={doc.url ?? legalNotice?.[doc.id] ?? null}
              label={t('accountScreens.consents.read', { document: documentName(doc) })}
              returnTo={returnTo}
            />
          </Group>
        ))}
        <Button component={Link} to={returnTo} replace w={{ base: '100%', xs: 'fit-content' }}>
          {t('accountScreens.consents.continue')}
        </Button>
      </>
    );
  } else {
    const documents = status.data.documents;
    const allChecked = documents.every(isChecked);
    const submit = (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (!allChecked) return;
      accept.mutate({ documents: documents.map(({ id, version }) => ({ id, version })) });
    };
    content = (
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>{t('accounts.consents.required')}</Text>
          {accept.error ? (
            <Alert color="red" role="alert" title={t('accountScreens.consents.errorTitle')}>
              {accept.error instanceof ApiError ? accept.error.message : t('errors.network')}
            </Alert>
          ) : null}
          {documents.map((doc) => (
            <Card key={doc.id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h4">
                    {documentName(doc)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('accountScreens.consents.version', { version: doc.version })}
                  </Text>
                </Group>
                <ConsentDocumentLink
                  url={doc.url ?? legalNotice?.[doc.id] ?? null}
                  label={t('accountScreens.consents.read', { document: documentName(doc) })}
                  returnTo={returnTo}
                />
                <Checkbox
                  label={t('accountScreens.consents.accept', { document: documentName(doc) })}
                  checked={isChecked(doc)}
                  onChange={(event) => {
                    const value = event.currentTarget.checked;
                    setChecked((current) => ({ ...current, [doc.id]: value }));
                  }}
                  error={
                    submitted && !isChecked(doc)
                      ? t('accountScreens.consents.mustAccept')
                      : undefined
                  }
                />
              </Stack>
            </Card>
          ))}
          <Button type="submit" loading={accept.isPending} w={{ base: '100%', xs: 'fit-content' }}>
            {t('accountScreens.consents.submit')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="consents">
      <Title order={1} size="h2">
        {t('accountScreens.consents.title')}
      </Title>
      {content}
    </Stack>
  );
}
