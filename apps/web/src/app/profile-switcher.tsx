import { lazy, Suspense, useState } from 'react';
import type { StoredSession } from '../lib/session-store';
import { ProfileButton } from './profile-button';

const loadMenu = () => import('./profile-menu');
const ProfileMenu = lazy(() => loadMenu().then((m) => ({ default: m.ProfileMenu })));

/**
 * The profile switcher (spec section 6: the holder switches the current profile among their
 * users): shows whose profile is active and lists the family with each relation. Home shows
 * the button only; the menu's code is fetched when the pointer or the focus reaches it and
 * opens on the first click (~25 KB gzip Home does not wait for).
 */
export function ProfileSwitcher({ session }: { session: StoredSession }) {
  const [used, setUsed] = useState(false);
  const button = (
    <ProfileButton
      session={session}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setUsed(true)}
    />
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenu session={session} openOnMount />
    </Suspense>
  );
}
