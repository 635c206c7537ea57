import { maxProgramVisits } from '@apothecall/domain/prepay/prepay.api';
import { NumberInput } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** A program's low-balance alert, in visits (a purchase, the settings): 0 turns it off. */
export function LowBalanceInput({
  value,
  onChange,
  error,
  testId,
}: {
  value: string | number;
  onChange: (value: string | number) => void;
  error: string | undefined;
  testId: string;
}) {
  const t = useT();
  return (
    <NumberInput
      label={t('prepayUi.lowBalance.label')}
      description={t('prepayUi.lowBalance.hint')}
      value={value}
      onChange={onChange}
      min={0}
      max={maxProgramVisits}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      error={error}
      data-testid={testId}
    />
  );
}
