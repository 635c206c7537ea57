import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a phone: the scrolling box is a labelled region that
 * takes focus, so it can be scrolled from the keyboard too (axe: scrollable-region-focusable).
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className="analytics-scroll" aria-label={label} tabIndex={0}>
      <div style={{ minWidth }}>{children}</div>
    </section>
  );
}
