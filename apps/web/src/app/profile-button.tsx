import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useT } from '../lib/i18n';
import { currentPerson, type StoredSession } from '../lib/session-store';

export function initials(member: FamilyMember): string {
  const first = member.firstName || member.name;
  return `${first.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase();
}

/** The switcher's button: the active person's initials and first name. */
export function ProfileButton({
  session,
  ...button
}: { session: StoredSession } & ComponentPropsWithRef<'button'>) {
  const t = useT();
  const active = currentPerson(session);
  const activeLabel = t('profileScreens.switcher.active', { name: active.name });
  return (
    // Named by its content (the visible first name, then a hidden 'switch profile' and the
    // whole name), so what is seen is what a voice user says (WCAG 2.5.3, label in name).
    <UnstyledButton
      title={activeLabel}
      data-testid="profile-switcher"
      style={{ minWidth: 0 }}
      {...button}
    >
      <Group gap={6} wrap="nowrap">
        <Avatar size={28} radius="xl" color="brand" variant="filled" aria-hidden="true">
          {initials(active)}
        </Avatar>
        <Text size="sm" fw={600} truncate="end" maw={{ base: 64, xs: 160 }}>
          {active.firstName || active.name}
        </Text>
        <VisuallyHidden>{`, ${t('profileScreens.switcher.label')}. ${activeLabel}`}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
