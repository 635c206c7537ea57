import type { StatusColour } from '@apothecall/domain/rx/rx-status.rules';
import { Box, Text } from '@mantine/core';

/**
 * A status as a chip: its text, with the status colour as a dot and a neutral border, so the
 * meaning never depends on the colour alone and the text keeps its contrast. The colour token is
 * in data-status-colour for tests.
 */
export function StatusChip({
  label,
  colour,
  testId,
  status,
  prefix,
}: {
  label: string;
  colour: StatusColour;
  testId: string;
  status?: string;
  /** Read before the label by assistive technology ('eRx:'), shown too. */
  prefix?: string;
}) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-status={status}
      data-status-colour={colour.token}
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
      <span
        aria-hidden="true"
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          flex: 'none',
          backgroundColor: colour.hex,
          border: '1px solid rgba(0, 0, 0, 0.4)',
        }}
      />
      <Text component="span" size="sm" fw={600}>
        {prefix ? `${prefix} ` : ''}
        {label}
      </Text>
    </Box>
  );
}

/** A coloured dot only, beside a text that says the same (the dashboard's tabs). */
export function StatusDot({ colour }: { colour: StatusColour }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        flex: 'none',
        backgroundColor: colour.hex,
        border: '1px solid rgba(0, 0, 0, 0.4)',
      }}
    />
  );
}
