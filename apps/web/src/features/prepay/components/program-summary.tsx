import { link } from '@apothecall/domain/navigation/links';
import type { PrepayProgramView } from '@apothecall/domain/prepay/prepay.api';
import { Button, Card, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { balanceText, visitsText } from './prepay-format';
import { LowBalanceBadge, ProgramRoleBadge } from './program-list';

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The top of a program's page: its balance, the visits bought and used, and the program code
 * (to copy), with the holder's ways to its transactions and to add visits.
 */
export function ProgramSummary({ program }: { program: PrepayProgramView }) {
  const t = useT();
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('prepayUi.summary.label')}
      data-testid="prepay-summary"
    >
      <Stack gap="sm">
        <Group gap={6}>
          <ProgramRoleBadge program={program} />
          <LowBalanceBadge program={program} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          <Stat label={t('prepayUi.summary.balance')} testId="prepay-summary-balance">
            {balanceText(t, program.balance)}
          </Stat>
          <Stat label={t('prepayUi.summary.bought')} testId="prepay-summary-bought">
            {visitsText(t, program.visitCount)}
          </Stat>
          <Stat label={t('prepayUi.summary.used')} testId="prepay-summary-used">
            {visitsText(t, program.visitsUsed)}
          </Stat>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('prepayUi.summary.code')}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Text
                ff="monospace"
                fw={700}
                size="lg"
                style={{ letterSpacing: 1, overflowWrap: 'anywhere' }}
                data-testid="prepay-summary-code"
              >
                {program.code}
              </Text>
              <CopyButton value={program.code}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'green' : undefined}
                    onClick={copy}
                  >
                    {copied ? t('prepayUi.copied') : t('prepayUi.summary.copyCode')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('prepayUi.summary.codeHint')}
        </Text>
        {program.pharmacy ? (
          <Text size="sm">
            {t('prepayUi.summary.pharmacy')}: {program.pharmacy.name}
          </Text>
        ) : null}
        {program.owner ? (
          <Group gap="xs">
            <Button
              component={Link}
              to={link('/prepay-transactions/:id', { id: program.id })}
              variant="default"
              data-testid="prepay-summary-transactions"
            >
              {t('prepayUi.select.transactions')}
            </Button>
            <Button
              component={Link}
              to={link('/prepay-addFunds/:id', { id: program.id })}
              data-testid="prepay-summary-add-funds"
            >
              {t('prepayUi.select.addFunds')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
