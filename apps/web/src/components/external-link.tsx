import { isExternalLink } from '@apothecall/domain/navigation/entry-links.rules';
import { Anchor, type AnchorProps } from '@mantine/core';
import { type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { lazyChunk } from '../lib/lazy-chunk';

/** The confirmation dialog is fetched on the first external click, not with the page. */
const LeaveSiteDialog = lazyChunk(() =>
  import('./leave-site-dialog').then((m) => m.LeaveSiteDialog),
);

/**
 * A link that asks for confirmation before leaving the product's site (spec section 2).
 * In-app links (relative, hash routes, the app's own origin) open directly.
 */
export function ExternalLink({
  href,
  children,
  ...anchorProps
}: AnchorProps & { href: string; children: ReactNode }) {
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const external = isExternalLink(href, window.location.origin);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!external) return;
    event.preventDefault();
    setAsked(true);
    setConfirming(true);
  };
  const leave = () => {
    setConfirming(false);
    window.open(href, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <Anchor
        href={href}
        onClick={onClick}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...anchorProps}
      >
        {children}
      </Anchor>
      {asked ? (
        <Suspense fallback={null}>
          <LeaveSiteDialog
            opened={confirming}
            onCancel={() => setConfirming(false)}
            onLeave={leave}
          />
        </Suspense>
      ) : null}
    </>
  );
}
