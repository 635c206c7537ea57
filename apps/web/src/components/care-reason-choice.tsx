import { careReasons, isCareReasonId } from '@apothecall/domain/care/care-reasons';
import { Radio, SimpleGrid } from '@mantine/core';
import { type Translate, useT } from '../lib/i18n';

/** A care reason in words (care.reason.*); free text or an unknown id is shown as given. */
export function reasonLabel(t: Translate, reason: string): string {
  if (!isCareReasonId(reason)) return reason;
  const found = careReasons.find((r) => r.id === reason);
  return found ? t(found.labelKey) : reason;
}

/**
 * The care reasons (the 8 of Get Care) as a required radio list, two columns from the xs
 * breakpoint. The screen gives the group's label, its error and, optionally, its test id.
 */
export function CareReasonChoice({
  value,
  onChange,
  label,
  error,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error: string | null;
  testId?: string;
}) {
  const t = useT();
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={label}
      error={error}
      withAsterisk
      data-testid={testId}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
        {careReasons.map((r) => (
          <Radio key={r.id} value={r.id} label={t(r.labelKey)} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
