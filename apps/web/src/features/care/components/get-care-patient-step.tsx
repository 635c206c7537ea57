import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { relationLabel } from './get-care-format';
import { GetCareStepFrame } from './get-care-step-frame';

/** Step 1: who the visit is for — the account holder or one of their dependents. */
export function GetCarePatientStep({
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
  const [selected, setSelected] = useState<string>(patientId ?? '');
  const [error, setError] = useState<string | null>(null);

  return (
    <GetCareStepFrame
      index={index}
      total={total}
      title={t('careUi.patient.title')}
      onContinue={() => {
        if (!users.some((u) => u.id === selected)) {
          setError(t('common.required'));
          return;
        }
        onContinue(selected);
      }}
    >
      <Radio.Group
        value={selected}
        onChange={(value) => {
          setSelected(value);
          setError(null);
        }}
        label={t('careUi.patient.label')}
        error={error}
        withAsterisk
      >
        <Stack gap="sm" mt="xs">
          {users.map((user) => (
            <Radio
              key={user.id}
              value={user.id}
              label={user.name}
              description={relationLabel(t, user.relation)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        {t('careUi.patient.hint')}
      </Text>
    </GetCareStepFrame>
  );
}
