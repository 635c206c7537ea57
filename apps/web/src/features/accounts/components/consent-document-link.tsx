import { Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

/** True for an absolute http(s) link to another site. */
function isExternal(url: string): boolean {
  try {
    const target = new URL(url, window.location.href);
    return /^https?:$/.test(target.protocol) && target.origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Link to a consent document: its own page when the server names one, else the in-app terms.
 * A link that leaves the product site asks for confirmation first (spec section 2).
 */
export function ConsentDocumentLink({ url, label }: { url: string | null; label: string }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  if (url === null || url.trim() === '') {
    return (
      <Anchor component={Link} to="/terms" size="sm">
        {label}
      </Anchor>
    );
  }
  if (!isExternal(url)) {
    return (
      <Anchor href={url} size="sm">
        {label}
      </Anchor>
    );
  }
  const appName = t('shell.appName');
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setConfirming(true)}>
        {label}
      </Anchor>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('accountScreens.consents.leaveTitle', { appName })}
        centered
      >
        <Text mb="md">{t('accountScreens.consents.leaveBody', { appName })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {t('accountScreens.consents.leaveCancel')}
          </Button>
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setConfirming(false)}
          >
            {t('accountScreens.consents.leaveConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
