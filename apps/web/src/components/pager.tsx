import { Button, Group, Text } from '@mantine/core';
import { useT } from '../lib/i18n';

/** How many pages `total` rows make at `pageSize` a page (at least one). */
export function pagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Previous, "page x of y", Next: the one pager of the lists that grow (the back office's money
 * lists, the pharmacy's links). `info` is the list's own line (its count in
 * its words), or by default 'Page x of y (n in all)'.
 */
export function Pager({
  page,
  total,
  pageSize,
  info,
  onPage,
  testId,
}: {
  page: number;
  total: number;
  pageSize: number;
  info?: string;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const t = useT();
  const pages = pagesOf(total, pageSize);
  return (
    <Group data-testid={testId}>
      <Button
        variant="default"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid={testId ? `${testId}-previous` : undefined}
      >
        {t('lists.previous')}
      </Button>
      <Text size="sm" aria-live="polite" data-testid={testId ? `${testId}-info` : undefined}>
        {info ?? t('lists.pageInfo', { page, pages, total })}
      </Text>
      <Button
        variant="default"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid={testId ? `${testId}-next` : undefined}
      >
        {t('lists.next')}
      </Button>
    </Group>
  );
}
