import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/external-link';

/**
 * Link to a consent document: the brand's own document when it names one (a link that leaves
 * the product site asks for confirmation first, spec section 2), else the in-app terms page.
 */
export function ConsentDocumentLink({ url, label }: { url: string | null; label: string }) {
  if (url === null || url.trim() === '') {
    return (
      <Anchor component={Link} to="/terms" size="sm">
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
