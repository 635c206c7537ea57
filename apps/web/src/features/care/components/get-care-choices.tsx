import { Checkbox, Group, Radio, Stack } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import type { YesNo } from './get-care-draft';

const none = '__none__';

/**
 * A checkbox list with an exclusive 'None of these' (spec section 5: select at least one option
 * to continue), so a skipped question is never read as 'no'.
 */
export function GetCareChecklist({
  label,
  description,
  options,
  values,
  noneChecked,
  noneLabel,
  error,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  options: readonly { id: string; label: string }[];
  values: readonly string[];
  noneChecked: boolean;
  noneLabel: string;
  error?: string | undefined;
  onChange: (values: string[], none: boolean) => void;
  testId?: string;
}) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={noneChecked ? [none] : [...values]}
      error={error}
      withAsterisk
      data-testid={testId}
      onChange={(next) => {
        const pickedNone = next.includes(none) && !noneChecked;
        if (pickedNone) onChange([], true);
        else
          onChange(
            next.filter((v) => v !== none),
            false,
          );
      }}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id} label={option.label} />
        ))}
        <Checkbox value={none} label={noneLabel} />
      </Stack>
    </Checkbox.Group>
  );
}

/** A required Yes / No question. */
export function GetCareYesNo({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: YesNo;
  error?: string | undefined;
  onChange: (value: YesNo) => void;
}) {
  const t = useT();
  return (
    <Radio.Group
      label={label}
      value={value}
      error={error}
      withAsterisk
      onChange={(next) => onChange(next === 'yes' ? 'yes' : next === 'no' ? 'no' : '')}
    >
      <Group gap="lg" mt="xs">
        <Radio value="yes" label={t('careUi.answer.yes')} />
        <Radio value="no" label={t('careUi.answer.no')} />
      </Group>
    </Radio.Group>
  );
}
