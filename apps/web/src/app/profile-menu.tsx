import { link } from '@apothecall/domain/navigation/links';
import { offersPrepayInMenu } from '@apothecall/domain/navigation/role-navigation.rules';
import { Avatar, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useRelationLabel } from '../features/accounts/hooks/use-relation-label';
import { useT } from '../lib/i18n';
import { currentPerson, type StoredSession, setCurrentPerson } from '../lib/session-store';
import { initials, ProfileButton } from './profile-button';

/**
 * The switcher's menu (Mantine's Menu, with its popover and focus code), fetched when the
 * switcher is first used (profile-switcher.tsx). Mounted by that first use, it takes the focus
 * onto its button and opens, so Escape returns the focus there as it would have.
 */
export function ProfileMenu({
  session,
  openOnMount,
}: {
  session: StoredSession;
  openOnMount: boolean;
}) {
  const t = useT();
  const relationLabel = useRelationLabel();
  const active = currentPerson(session);
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!openOnMount) return;
    target.current?.focus();
    setOpened(true);
  }, [openOnMount]);
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={260}
      withinPortal
      shadow="md"
    >
      <Menu.Target>
        <ProfileButton session={session} ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('profileScreens.switcher.title')}</Menu.Label>
        {session.profile.users.map((member) => {
          const isActive = member.id === active.id;
          return (
            <Menu.Item
              key={member.id}
              aria-current={isActive ? 'true' : undefined}
              leftSection={
                <Avatar size={24} radius="xl" color="brand" variant={isActive ? 'filled' : 'light'}>
                  {initials(member)}
                </Avatar>
              }
              rightSection={
                isActive ? (
                  <Text size="sm" c="brand" aria-hidden>
                    ✓
                  </Text>
                ) : null
              }
              onClick={() => {
                if (isActive) return;
                setCurrentPerson(member.id);
                notifications.show({
                  id: 'profile-switched',
                  color: 'green',
                  message: t('profileScreens.switcher.switched', { name: member.name }),
                });
              }}
            >
              <Stack gap={0}>
                <Text size="sm" fw={isActive ? 700 : 400}>
                  {member.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {relationLabel(member.relation)}
                </Text>
              </Stack>
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item component={Link} to={link('/profile')}>
          {t('profileScreens.switcher.openProfile')}
        </Menu.Item>
        <Menu.Item component={Link} to={link('/add-dependent')}>
          {t('profileScreens.switcher.addDependent')}
        </Menu.Item>
        <Menu.Item component={Link} to={link('/notifications')} data-testid="menu-notifications">
          {t('navigation.menu.notifications')}
        </Menu.Item>
        {offersPrepayInMenu(session.profile.role) ? (
          <Menu.Item component={Link} to={link('/prepay-select')} data-testid="menu-prepay">
            {t('navigation.menu.prepay')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
