import { type RxVisitStatus, rxStatusColour } from '@apothecall/domain/rx/rx-status.rules';
import { Group, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { statusText } from './rx-format';

/**
 * A visit's status: its colour (a dot, rx-status.rules' colours) and its patient-facing text,
 * as a status region so a change is announced. The colour is also in data-status-colour for
 * tests; the text carries the meaning.
 */
export function RxStatusBadge({ status }: { status: RxVisitStatus }) {
  const t = useT();
  const colour = rxStatusColour(status);
  return (
    <Group
      gap={8}
      wrap="nowrap"
      role="status"
      data-testid="rx-status"
      data-status={status}
      data-status-colour={colour.token}
    >
      <span
        aria-hidden="true"
        style={{
          display: 'inline-block',
          width: 12,
          height: 12,
          borderRadius: '50%',
          flex: 'none',
          backgroundColor: colour.hex,
          border: '1px solid rgba(0, 0, 0, 0.35)',
        }}
      />
      <Text size="sm" fw={700}>
        {statusText(t, status)}
      </Text>
    </Group>
  );
}
