import type { StatusColour } from '@apothecall/domain/rx/rx-status.rules';
import { StatusChip as Chip, ColourDot } from '../../../components/status-chip';

/**
 * A status as a chip (components/status-chip): its text beside the status colour's dot. The
 * colour token is in data-status-colour for tests.
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
    <Chip
      label={label}
      colour={colour.hex}
      prefix={prefix}
      data-testid={testId}
      data-status={status}
      data-status-colour={colour.token}
    />
  );
}

/** A coloured dot only, beside a text that says the same (the dashboard's tabs). */
export function StatusDot({ colour }: { colour: StatusColour }) {
  return <ColourDot colour={colour.hex} />;
}
