import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Box, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { formatDate, textOf } from './rx-format';
import { RxStepFrame } from './rx-step-frame';
import './rx-print.css';

export type AcceptedConsent = { id: string; versionDate: string };

/**
 * The treatment's consent documents (spec section 9: each with its version date): each one's
 * text, in the reader's language, in a scrollable region that takes the keyboard's focus, above
 * its checkbox; all must be accepted, and the acceptance names the version shown. The text is
 * the catalogue key the document's version names (`bodyKey`), the same one the consent record
 * PDF prints after payment. 'Print or save as PDF' prints only the documents' texts and the
 * acceptance (the browser's print dialog saves PDFs).
 */
export function RxConsentsStep({
  index,
  total,
  product,
  productName,
  patientName,
  accepted,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  product: RxProductView;
  productName: string;
  patientName: string;
  accepted: readonly AcceptedConsent[];
  onBack: () => void;
  onContinue: (accepted: AcceptedConsent[]) => void;
}) {
  const t = useT();
  const lang = useLang();
  const documents = product.consentDocuments;
  const [checked, setChecked] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        documents
          .filter((d) => accepted.some((a) => a.id === d.id && a.versionDate === d.versionDate))
          .map((d) => d.id),
      ),
  );
  const [submitted, setSubmitted] = useState(false);
  const allChecked = documents.every((d) => checked.has(d.id));

  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxUi.flow.consents')}
      testId="rx-step-consents"
      onBack={onBack}
      onContinue={() => {
        setSubmitted(true);
        if (allChecked) {
          onContinue(documents.map((d) => ({ id: d.id, versionDate: d.versionDate })));
        }
      }}
    >
      {documents.length === 0 ? (
        <Text size="sm">{t('rxScreens.consents.none')}</Text>
      ) : (
        <Stack gap="sm">
          {documents.map((doc) => {
            const title = textOf(t, doc.titleKey);
            const version = formatDate(doc.versionDate, lang);
            return (
              <Stack key={doc.id} gap="xs" data-consent={doc.id}>
                <Title order={3} size="h4">
                  {title}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('rxScreens.consents.version', { date: version })}
                </Text>
                <Box
                  role="region"
                  aria-label={t('rxUi.flow.consentText', { title })}
                  tabIndex={0}
                  mah={240}
                  p="sm"
                  data-testid="rx-consent-text"
                  style={{
                    overflowY: 'auto',
                    border: '1px solid var(--mantine-color-default-border)',
                    borderRadius: 'var(--mantine-radius-sm)',
                  }}
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {textOf(t, doc.bodyKey)}
                  </Text>
                </Box>
                <Checkbox
                  label={t('rxUi.flow.consentAccept', { title, version })}
                  checked={checked.has(doc.id)}
                  onChange={(event) => {
                    const next = new Set(checked);
                    if (event.currentTarget.checked) next.add(doc.id);
                    else next.delete(doc.id);
                    setChecked(next);
                  }}
                  error={submitted && !checked.has(doc.id) ? t('common.required') : undefined}
                />
              </Stack>
            );
          })}
          <Button variant="light" w="fit-content" onClick={() => globalThis.print?.()}>
            {t('rxUi.flow.consentPrint')}
          </Button>
          {submitted && !allChecked ? (
            <Alert color="red" role="alert">
              {t('rxScreens.consents.required')}
            </Alert>
          ) : null}
        </Stack>
      )}
      <div className="rx-print-only" aria-hidden="true">
        <h1>{t('rxScreens.consents.printTitle', { product: productName })}</h1>
        {documents.map((doc) => (
          <section key={doc.id}>
            <h2>{textOf(t, doc.titleKey)}</h2>
            <p>{t('rxScreens.consents.version', { date: formatDate(doc.versionDate, lang) })}</p>
            <p style={{ whiteSpace: 'pre-line' }}>{textOf(t, doc.bodyKey)}</p>
            {checked.has(doc.id) ? (
              <p>
                {t('rxScreens.consents.printAccepted', {
                  name: patientName,
                  date: formatDate(new Date().toISOString(), lang),
                })}
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </RxStepFrame>
  );
}
