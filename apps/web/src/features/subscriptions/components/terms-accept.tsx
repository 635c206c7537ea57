import { link } from '@apothecall/domain/navigation/links';
import { Anchor, Checkbox, List, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/external-link';
import { useBrandState } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';

/**
 * The subscription terms before a purchase: what the subscription means (renewals, cancel,
 * uncancel, declined renewals), the link to the full terms (the brand's own terms document when
 * it publishes one, else the in-app terms page, as the consents do), and the required 'I accept'.
 */
export function TermsAccept({
  lines,
  accepted,
  onChange,
  error,
  testId,
}: {
  /** The terms in short, already translated. */
  lines: readonly string[];
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  error: string | undefined;
  /** The summary is `${testId}-terms`, the link `${testId}-terms-link`, the box `${testId}-accept`. */
  testId: string;
}) {
  const t = useT();
  const titleId = useId();
  const termsUrl = useBrandState().whiteLabel?.appSettings.legalNotice?.terms;
  const label = t('subscriptionUi.terms.read');
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid={`${testId}-terms`}>
      <Text fw={700} size="sm" id={titleId}>
        {t('subscriptionUi.terms.title')}
      </Text>
      <List size="sm" spacing={4}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {termsUrl && termsUrl.trim() !== '' ? (
        <ExternalLink href={termsUrl} size="sm" data-testid={`${testId}-terms-link`}>
          {label}
        </ExternalLink>
      ) : (
        <Anchor component={Link} to={link('/terms')} size="sm" data-testid={`${testId}-terms-link`}>
          {label}
        </Anchor>
      )}
      <Checkbox
        label={t('subscriptionUi.terms.accept')}
        checked={accepted}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
        required
        data-testid={`${testId}-accept`}
      />
    </Stack>
  );
}
