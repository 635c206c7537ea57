import { Box, Text } from '@mantine/core';

/** A coloured dot, hidden from assistive technology: always beside a text that says the same. */
export function ColourDot({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        flex: 'none',
        backgroundColor: colour,
        border: '1px solid rgba(0, 0, 0, 0.4)',
      }}
    />
  );
}

/**
 * A status as a chip: its label, with the status colour as a dot and a neutral border, so the
 * meaning never depends on the colour alone and the text keeps its contrast. `data-*` props
 * (the test id, the status for tests) go on the chip.
 */
export function StatusChip({
  label,
  colour,
  prefix,
  ...data
}: {
  label: string;
  /** The dot's colour (a CSS colour). */
  colour: string;
  /** Read before the label by assistive technology ('eRx:'), shown too. */
  prefix?: string | undefined;
} & { [attribute: `data-${string}`]: string | undefined }) {
  return (
    <Box
      component="span"
      {...data}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        padding: '1px 8px',
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 999,
        whiteSpace: 'nowrap',
        background: 'var(--mantine-color-body)',
      }}
    >
      <ColourDot colour={colour} />
      <Text component="span" size="sm" fw={600}>
        {prefix ? `${prefix} ` : ''}
        {label}
      </Text>
    </Box>
  );
}
