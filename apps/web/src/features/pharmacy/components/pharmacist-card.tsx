import type { PharmacistView, RxLinkView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { Facts } from '../../../components/facts';
import { useLang, useT } from '../../../lib/i18n';
import { formatDay } from './pharmacy-format';
import { useLinkLabel } from './use-link-label';

/** One pharmacist: name, revoked or not, the grant, and Revoke while it holds. */
export function PharmacistCard({
  pharmacist,
  links,
  onRevoke,
}: {
  pharmacist: PharmacistView;
  links: readonly RxLinkView[];
  onRevoke: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const linkLabel = useLinkLabel();
  const linkNames = pharmacist.links.map((id) => {
    const link = links.find((l) => l.id === id);
    return link ? linkLabel(link) : id;
  });
  const revoked = pharmacist.revokedAt !== null;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="pharmacist"
      data-pharmacist-id={pharmacist.id}
      data-revoked={revoked}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {pharmacist.name}
          </Title>
          {revoked ? (
            <Badge color="gray" variant="light" tt="none">
              {t('pharmacyScreens.pharmacists.revokedBadge')}
            </Badge>
          ) : null}
        </Group>
        <PharmacistFacts pharmacist={pharmacist} linkNames={linkNames} />
        {revoked ? null : (
          <Button
            variant="outline"
            color="red"
            w="fit-content"
            onClick={onRevoke}
            aria-label={t('pharmacyScreens.pharmacists.revokeLabel', { name: pharmacist.name })}
            data-testid="pharmacist-revoke"
          >
            {t('pharmacyScreens.pharmacists.revoke')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The pharmacist's e-mail, states, links, claimed visits only, invited and revoked days. */
function PharmacistFacts({
  pharmacist,
  linkNames,
}: {
  pharmacist: PharmacistView;
  linkNames: string[];
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Facts
      labelWidth={180}
      rows={[
        {
          key: 'email',
          label: t('pharmacyScreens.pharmacists.email'),
          value: pharmacist.email,
        },
        {
          key: 'states',
          label: t('pharmacyScreens.pharmacists.states'),
          value: pharmacist.states.join(', ') || '—',
        },
        {
          key: 'links',
          label: t('pharmacyScreens.pharmacists.links'),
          value: linkNames.join('; ') || t('pharmacyScreens.pharmacists.allLinks'),
        },
        {
          key: 'claimedOnly',
          label: t('pharmacyScreens.pharmacists.claimedOnly'),
          value: pharmacist.claimedOnly ? t('pharmacyScreens.yes') : t('pharmacyScreens.no'),
        },
        {
          key: 'invited',
          label: t('pharmacyScreens.pharmacists.invited'),
          value: formatDay(pharmacist.invitedAt, lang),
        },
        {
          key: 'revoked',
          label: t('pharmacyScreens.pharmacists.revoked'),
          value: pharmacist.revokedAt ? formatDay(pharmacist.revokedAt, lang) : '—',
        },
      ]}
    />
  );
}
