import {
  type CertificateVerification,
  verificationIdSchema,
} from '@apothecall/domain/care/covid-certificates.api';
import { Alert, Button, Card, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { useCertificateVerification } from '../api/verify-certificate';
import { formatDay, formatInstantDay } from '../components/document-format';

function CertificateFacts({ certificate }: { certificate: CertificateVerification }) {
  const t = useT();
  const lang = useLang();
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid="certificate"
      aria-labelledby="certificate-valid"
    >
      <Stack gap={6}>
        <Title order={2} size="h4" id="certificate-valid" c="green.9">
          {t('documentUi.test.valid')}
        </Title>
        <Text>{t('documentUi.test.initials', { initials: certificate.initials })}</Text>
        <Text>
          {t('documentUi.test.testedOn', { date: formatDay(certificate.testedOn, lang) })}
        </Text>
        <Text>
          {t('documentUi.test.testType', {
            testType: t(`certificates.testType.${certificate.testType}`),
          })}
        </Text>
        <Text fw={700}>
          {t('documentUi.test.result', {
            result: t(`certificates.result.${certificate.result}`),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('documentUi.test.issued', { date: formatInstantDay(certificate.issuedAt, lang) })}
        </Text>
      </Stack>
    </Card>
  );
}

function Verification({ id }: { id: string }) {
  const t = useT();
  const found = useCertificateVerification(id, { retry: false });
  if (found.isPending) return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (found.isError) {
    return (
      <Alert color="red" role="alert" data-testid="certificate-error">
        {t('documentUi.test.failed', { message: errorText(t, found.error) })}
      </Alert>
    );
  }
  return <CertificateFacts certificate={found.data} />;
}

/**
 * The public test-verification page (spec section 2, /#/test?id=): what a certificate's QR code
 * opens. The id from the address is looked up at once; a form takes one typed in. It shows the
 * holder's initials, the test's day, type and result, and when it was issued, nothing more.
 */
export function CertificateVerifyScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get('id') ?? '';
  const parsed = verificationIdSchema.safeParse(raw);
  const [typed, setTyped] = useState(raw);
  const [error, setError] = useState<string | null>(null);
  // Another id in the address (a second QR code scanned into this tab) fills the box too.
  useEffect(() => {
    setTyped(raw);
    setError(null);
  }, [raw]);
  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-screen="test">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('documentUi.test.heading')}
        </Title>
        <Text c="dimmed">{t('documentUi.test.intro')}</Text>
      </Stack>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const check = verificationIdSchema.safeParse(typed);
          if (!check.success) {
            const key = check.error.issues[0]?.message ?? '';
            setError(isMessageKey(key) ? t(key) : t('certificates.idInvalid'));
            return;
          }
          setError(null);
          setTyped(check.data);
          setParams({ id: check.data }, { replace: true });
        }}
      >
        <Stack gap="xs" maw={360}>
          <TextInput
            label={t('documentUi.test.idLabel')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={20}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" w="fit-content">
            {t('documentUi.test.submit')}
          </Button>
        </Stack>
      </form>
      {raw && !parsed.success ? (
        <Alert color="red" role="alert" data-testid="certificate-error">
          {t('certificates.idInvalid')}
        </Alert>
      ) : null}
      {parsed.success ? <Verification key={parsed.data} id={parsed.data} /> : null}
    </Stack>
  );
}
