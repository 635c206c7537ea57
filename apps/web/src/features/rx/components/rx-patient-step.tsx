import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { RxStepFrame } from './rx-step-frame';

/** Who the visit is for: the account holder or one of their dependents. */
export function RxPatientStep({
  index,
  total,
  users,
  patientId,
  onContinue,
}: {
  index: number;
  total: number;
  users: readonly FamilyMember[];
  patientId: string | null;
  onContinue: (patientId: string) => void;
}) {
  const t = useT();
  const [selected, setSelected] = useState(patientId ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <RxStepFrame
      index={index}
      total={total}
      title={t('rxUi.flow.patient')}
      testId="rx-step-patient"
      onContinue={() => {
        if (!users.some((u) => u.id === selected)) {
          setError(t('common.required'));
          return;
        }
        onContinue(selected);
      }}
    >
      <Radio.Group
        label={t('rxScreens.patient.label')}
        value={selected}
        onChange={(value) => {
          setSelected(value);
          setError(null);
        }}
        error={error}
        withAsterisk
      >
        <Stack gap="sm" mt="xs">
          {users.map((user) => (
            <Radio key={user.id} value={user.id} label={user.name} />
          ))}
        </Stack>
      </Radio.Group>
    </RxStepFrame>
  );
}
