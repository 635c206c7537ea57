import {
  type PrepayNotificationKind,
  prepayNotificationKinds,
} from '@apothecall/domain/prepay/prepay.api';
import { Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { type SettingsPartProps, sectionStyles } from './program-settings-fields';
import { usesChannel } from './program-settings-form';

const kindLabel = {
  lowBalance: 'prepayUi.notify.kind.lowBalance',
  prepayClaimed: 'prepayUi.notify.kind.prepayClaimed',
  prepayRx: 'prepayUi.notify.kind.prepayRx',
  prepayRxDenied: 'prepayUi.notify.kind.prepayRxDenied',
} as const satisfies Record<PrepayNotificationKind, string>;

/** Where the holder is told (e-mail, phone) and of what, by which channel. */
export function NotifyFieldset({
  draft,
  set,
  err,
  setChannel,
}: SettingsPartProps & {
  setChannel: (kind: PrepayNotificationKind, channel: 'email' | 'sms', on: boolean) => void;
}) {
  const t = useT();
  return (
    <Fieldset legend={t('prepayUi.notify.title')} variant="unstyled" styles={sectionStyles}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('prepayUi.notify.lead')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('prepayUi.notify.email')}
            description={
              usesChannel(draft, 'email') && draft.notifyEmail.trim() === ''
                ? t('prepayUi.notify.emailNeeded')
                : undefined
            }
            type="email"
            autoComplete="email"
            value={draft.notifyEmail}
            onChange={(event) => set('notifyEmail', event.currentTarget.value)}
            maxLength={254}
            error={err('notifyEmail')}
            data-testid="prepay-settings-notify-email"
          />
          <TextInput
            label={t('prepayUi.notify.phone')}
            description={
              usesChannel(draft, 'sms') && draft.notifyPhone.trim() === ''
                ? t('prepayUi.notify.phoneNeeded')
                : undefined
            }
            type="tel"
            autoComplete="tel"
            value={draft.notifyPhone}
            onChange={(event) => set('notifyPhone', event.currentTarget.value)}
            maxLength={30}
            error={err('notifyPhone')}
            data-testid="prepay-settings-notify-phone"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {prepayNotificationKinds.map((kind) => (
            <Fieldset
              key={kind}
              legend={t(kindLabel[kind])}
              p="sm"
              data-testid={`prepay-notify-${kind}`}
            >
              <Group gap="lg">
                <Switch
                  label={t('prepayUi.notify.byEmail')}
                  checked={draft.channels[kind].email}
                  onChange={(event) => setChannel(kind, 'email', event.currentTarget.checked)}
                  data-testid={`prepay-notify-${kind}-email`}
                />
                <Switch
                  label={t('prepayUi.notify.bySms')}
                  checked={draft.channels[kind].sms}
                  onChange={(event) => setChannel(kind, 'sms', event.currentTarget.checked)}
                  data-testid={`prepay-notify-${kind}-sms`}
                />
              </Group>
            </Fieldset>
          ))}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
