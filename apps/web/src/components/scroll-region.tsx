import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table's frame: at phone width the table scrolls sideways inside it instead of
 * stretching the screen. The frame is a named region that takes the keyboard's focus, so it can
 * be scrolled without a pointer (axe: scrollable-region-focusable; Mantine's
 * Table.ScrollContainer is neither focusable nor named).
 */
export function ScrollRegion({
  label,
  minWidth,
  children,
}: {
  /** What the table lists, read out when the region takes focus. */
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
