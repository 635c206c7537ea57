import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import type { ScreeningForm } from './get-care-draft';
import { liveBmi, type ScreeningErrors } from './get-care-screening-answers';

type Unit = 'lbs' | 'kg' | 'in' | 'cm';
const unitKey = {
  lbs: 'careUi.unit.lbs',
  kg: 'careUi.unit.kg',
  in: 'careUi.unit.in',
  cm: 'careUi.unit.cm',
} as const satisfies Record<Unit, string>;

function MeasureInput<U extends Unit>({
  label,
  unitLabel,
  value,
  unit,
  units,
  error,
  onValue,
  onUnit,
}: {
  label: string;
  unitLabel: string;
  value: string;
  unit: U;
  units: readonly U[];
  error?: string | undefined;
  onValue: (value: string) => void;
  onUnit: (unit: U) => void;
}) {
  const t = useT();
  // The unit sits inside the field (its own accessible name), so the pair fits a phone.
  const unitSelect = (
    <NativeSelect
      aria-label={unitLabel}
      value={unit}
      onChange={(event) => {
        const next = units.find((u) => u === event.currentTarget.value);
        if (next) onUnit(next);
      }}
      data={units.map((u) => ({ value: u, label: t(unitKey[u]) }))}
      variant="unstyled"
      w={72}
      rightSectionWidth={24}
      styles={{ input: { paddingInlineStart: 8, paddingInlineEnd: 24, fontWeight: 500 } }}
    />
  );
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      inputMode="decimal"
      autoComplete="off"
      maxLength={7}
      error={error}
      rightSection={unitSelect}
      rightSectionWidth={72}
      rightSectionPointerEvents="all"
    />
  );
}

/** Vitals: blood pressure like 120/80, weight, height and waist in either unit, the live BMI. */
export function GetCareVitals({
  form,
  errors,
  onChange,
}: {
  form: ScreeningForm;
  errors: ScreeningErrors;
  onChange: (patch: Partial<ScreeningForm>) => void;
}) {
  const t = useT();
  const bmi = liveBmi(form);
  const err = (field: keyof ScreeningErrors) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  return (
    <>
      <TextInput
        label={t('careUi.vitals.bloodPressure')}
        description={t('care.screening.bloodPressureHint')}
        placeholder="120/80"
        value={form.bloodPressure}
        onChange={(event) => onChange({ bloodPressure: event.currentTarget.value })}
        maxLength={20}
        autoComplete="off"
        error={err('bloodPressure')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <MeasureInput
          label={t('careUi.vitals.weight')}
          unitLabel={t('careUi.vitals.weightUnit')}
          value={form.weight}
          unit={form.weightUnit}
          units={['lbs', 'kg'] as const}
          error={err('weight')}
          onValue={(weight) => onChange({ weight })}
          onUnit={(weightUnit) => onChange({ weightUnit })}
        />
        <MeasureInput
          label={t('careUi.vitals.height')}
          unitLabel={t('careUi.vitals.heightUnit')}
          value={form.height}
          unit={form.heightUnit}
          units={['in', 'cm'] as const}
          error={err('height')}
          onValue={(height) => onChange({ height })}
          onUnit={(heightUnit) => onChange({ heightUnit })}
        />
        <MeasureInput
          label={t('careUi.vitals.waist')}
          unitLabel={t('careUi.vitals.waistUnit')}
          value={form.waist}
          unit={form.waistUnit}
          units={['in', 'cm'] as const}
          error={err('waist')}
          onValue={(waist) => onChange({ waist })}
          onUnit={(waistUnit) => onChange({ waistUnit })}
        />
      </SimpleGrid>
      <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="care-bmi">
        {bmi === undefined ? t('careUi.vitals.bmiEmpty') : t('careUi.vitals.bmi', { bmi })}
      </Text>
    </>
  );
}
