import type { RxLinkView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Button, Card, CopyButton, Group, Stack, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { formatDay } from './pharmacy-format';

/** One link: its treatment, medication list, comment, day, the address to copy, and Delete. */
export function LinkCard({
  link,
  name,
  onDelete,
}: {
  link: RxLinkView;
  name: string;
  onDelete: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="pharmacy-link"
      data-link-id={link.id}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {name}
        </Title>
        <Facts
          labelWidth={180}
          rows={[
            {
              key: 'medList',
              label: t('pharmacyScreens.links.medList'),
              value: link.medListId ?? '—',
            },
            {
              key: 'comment',
              label: t('pharmacyScreens.links.comment'),
              value: link.comment ?? '—',
            },
            {
              key: 'created',
              label: t('pharmacyScreens.links.createdAt'),
              value: formatDay(link.createdAt, lang),
            },
          ]}
        />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('pharmacyScreens.links.url')}
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 260px' }}
            data-testid="pharmacy-link-url"
          />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green' : undefined}
                onClick={copy}
                aria-label={t('pharmacyScreens.links.actionLabel', {
                  action: copied
                    ? t('pharmacyScreens.links.copied')
                    : t('pharmacyScreens.links.copy'),
                  name,
                })}
                data-testid="pharmacy-link-copy"
              >
                {copied ? t('pharmacyScreens.links.copied') : t('pharmacyScreens.links.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="outline"
            color="red"
            onClick={onDelete}
            aria-label={t('pharmacyScreens.links.actionLabel', {
              action: t('pharmacyScreens.links.delete'),
              name,
            })}
            data-testid="pharmacy-link-delete"
          >
            {t('pharmacyScreens.links.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
