import { Anchor } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../lib/i18n';

/** The dialog and its form are fetched on the first opening, not with the login screen. */
const PasswordHelpDialog = lazy(() =>
  import('./password-help-dialog').then((m) => ({ default: m.PasswordHelpDialog })),
);

/**
 * Password Help (spec sections 2 and 8): the login screen's link and its dialog. Each opening
 * mounts a fresh dialog (the e-mail typed in the login form, when it is one, filled in).
 */
export function AuthPasswordHelp({
  initialEmail,
  onOpen,
}: {
  initialEmail?: () => string;
  /** Called as the dialog opens (the login screen clears its failed-login alert). */
  onOpen?: () => void;
}) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [opening, setOpening] = useState({ count: 0, email: '' });

  const open = () => {
    const email = initialEmail?.() ?? '';
    onOpen?.();
    setOpening(({ count }) => ({ count: count + 1, email: email.includes('@') ? email : '' }));
    setOpened(true);
  };

  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        {t('accounts.login.passwordHelp')}
      </Anchor>
      {opening.count > 0 ? (
        <Suspense fallback={null}>
          <PasswordHelpDialog
            key={opening.count}
            opened={opened}
            initialEmail={opening.email}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
