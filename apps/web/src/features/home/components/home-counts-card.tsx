import type { HomeCount } from '@apothecall/domain/home/home-counts.api';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import { useHomeCounts } from '../api/get-home-counts';

/**
 * A staff member's Home: how many of each thing their role acts on
 * (domain home/home-counts.rules), from one call, each a link to the screen where it is done.
 * Asked again on every visit to Home.
 */
export function HomeCountsCard() {
  const t = useT();
  const counts = useHomeCounts({ refetchOnMount: 'always' });
  if (counts.data?.length === 0) return null;
  return (
    <SectionCard
      title={t('homeCounts.title')}
      description={t('homeCounts.lead')}
      testId="home-counts"
    >
      {counts.isError ? (
        <Text c="red.8" data-testid="home-counts-error">
          {t('homeCounts.loadFailed')}
        </Text>
      ) : null}
      {counts.data ? <HomeCountList counts={counts.data} /> : null}
    </SectionCard>
  );
}

function HomeCountList({ counts }: { counts: readonly HomeCount[] }) {
  const t = useT();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {counts.map((c) => (
        <li key={c.key}>
          <Anchor component={Link} to={c.path} data-testid={`home-count-${c.key}`}>
            <Group gap="sm" wrap="nowrap">
              <Badge
                size="lg"
                variant={c.count > 0 ? 'filled' : 'default'}
                data-testid={`home-count-${c.key}-value`}
              >
                {c.count}
              </Badge>
              <Text fw={c.count > 0 ? 600 : 400}>{t(`homeCounts.key.${c.key}`)}</Text>
            </Group>
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}
