import { isExternalLink } from '@apothecall/domain/navigation/entry-links.rules';
import { Anchor, type AnchorProps, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useT } from '../lib/i18n';

/**
 * A link that asks for confirmation before leaving the product's site (spec section 2).
 * In-app links (relative, hash routes, the app's own origin) open directly.
 */
export function ExternalLink({
  href,
  children,
  ...anchorProps
}: AnchorProps & { href: string; children: ReactNode }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const external = isExternalLink(href, window.location.origin);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!external) return;
    event.preventDefault();
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
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('navigation.externalLink.title')}
        centered
      >
        <Stack>
          <Text>{t('navigation.externalLink.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('navigation.externalLink.cancel')}
            </Button>
            <Button onClick={leave}>{t('navigation.externalLink.continue')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
