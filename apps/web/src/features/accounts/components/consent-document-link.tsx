import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/external-link';

/**
 * Link to a consent document: the brand's own document when it names one (a link that leaves
 * the product site asks for confirmation first, spec section 2), else the in-app terms page,
 * which is told where the consents screen was to go next (`returnTo`, e.g. the Rx flow of the
 * treatment chosen) so its way back keeps it.
 */
export function ConsentDocumentLink({
  url,
  label,
  returnTo = '/',
}: {
  url: string | null;
  label: string;
  returnTo?: string;
}) {
  if (url === null || url.trim() === '') {
    const to = returnTo === '/' ? '/terms' : `/terms?to=${encodeURIComponent(returnTo)}`;
    return (
      <Anchor component={Link} to={to} size="sm">
        {label}
      </Anchor>
    );
  }
  return (
    <ExternalLink href={url} size="sm">
      {label}
    </ExternalLink>
  );
}
