import {
  type PharmacyStatus,
  pharmacyStatusColour,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import {
  patientStatusTextKey,
  type RxVisitStatus,
  rxStatusColour,
  type StatusColour,
} from '@apothecall/domain/rx/rx-status.rules';
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
  return (
    <StatusBadge
      colour={rxStatusColour(status)}
      text={statusText(t, status)}
      status={status}
      testId="rx-status"
    />
  );
}

/**
 * Where the pharmacy is with the prescription, as the patient reads it ('Ready for pickup'),
 * with the pharmacy-side status's colour (pharmacy-status.rules).
 */
export function RxPharmacyStatusBadge({ status }: { status: PharmacyStatus }) {
  const t = useT();
  return (
    <StatusBadge
      colour={pharmacyStatusColour(status)}
      text={t(patientStatusTextKey(status))}
      status={status}
      testId="rx-pharmacy-status"
    />
  );
}

function StatusBadge({
  colour,
  text,
  status,
  testId,
}: {
  colour: StatusColour;
  text: string;
  status: string;
  testId: string;
}) {
  return (
    <Group
      gap={8}
      wrap="nowrap"
      role="status"
      data-testid={testId}
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
        {text}
      </Text>
    </Group>
  );
}
