import { isLowBalance } from '@apothecall/domain/prepay/access-token.rules';
import type { PrepayProgramView } from '@apothecall/domain/prepay/prepay.api';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { ListCard } from '../../../components/list-card';
import { useT } from '../../../lib/i18n';
import { balanceText } from './prepay-format';

/** The holder's or authorized user's badge: words, not a colour. */
export function ProgramRoleBadge({ program }: { program: PrepayProgramView }) {
  const t = useT();
  return program.owner ? (
    <Badge variant="light" data-testid="prepay-role" data-role="owner">
      {t('prepayUi.role.owner')}
    </Badge>
  ) : (
    <Badge variant="outline" color="gray" data-testid="prepay-role" data-role="authorized">
      {t('prepayUi.role.authorized')}
    </Badge>
  );
}

/** 'Low balance', when the balance is at or under the program's low-balance limit. */
export function LowBalanceBadge({ program }: { program: PrepayProgramView }) {
  const t = useT();
  if (!isLowBalance(program.balance, program.lowBalanceLimit)) return null;
  return (
    <Badge color="orange" variant="light" data-testid="prepay-low-balance">
      {t('prepayUi.balance.low')}
    </Badge>
  );
}

function ProgramCard({ program }: { program: PrepayProgramView }) {
  const t = useT();
  const titleId = useId();
  /** A button to one of the program's pages, named with the program for screen readers. */
  const pageLink = (to: string, action: string, testId: string, variant?: 'default') => (
    <Button
      component={Link}
      to={to}
      size="sm"
      variant={variant}
      aria-label={t('prepayUi.actionLabel', { action, name: program.name })}
      data-testid={testId}
    >
      {action}
    </Button>
  );
  return (
    <ListCard labelledBy={titleId} data-testid="prepay-program" data-program-id={program.id}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {program.name}
        </Title>
        <Group gap={6}>
          <ProgramRoleBadge program={program} />
          <LowBalanceBadge program={program} />
        </Group>
      </Group>
      <Text fw={700} size="lg" data-testid="prepay-program-balance">
        {balanceText(t, program.balance)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('prepayUi.select.code', { code: program.code })}
      </Text>
      <Group gap="xs">
        {pageLink(
          `/prepay-edit/${program.id}`,
          program.owner ? t('prepayUi.select.manage') : t('prepayUi.select.view'),
          'prepay-program-open',
        )}
        {program.owner ? (
          <>
            {pageLink(
              `/prepay-transactions/${program.id}`,
              t('prepayUi.select.transactions'),
              'prepay-program-transactions',
              'default',
            )}
            {pageLink(
              `/prepay-addFunds/${program.id}`,
              t('prepayUi.select.addFunds'),
              'prepay-program-add-funds',
              'default',
            )}
          </>
        ) : null}
      </Group>
    </ListCard>
  );
}

/** Programs as cards: name, balance, holder or authorized user, and where to go next. */
export function ProgramList({
  programs,
  labelledBy,
}: {
  programs: readonly PrepayProgramView[];
  labelledBy?: string;
}) {
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-labelledby={labelledBy}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      data-testid="prepay-programs"
    >
      {programs.map((program) => (
        <ProgramCard key={program.id} program={program} />
      ))}
    </Stack>
  );
}
