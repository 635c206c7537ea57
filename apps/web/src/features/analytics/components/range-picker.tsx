import type { AnalyticsRange } from '@apothecall/domain/analytics/analytics.api';
import { resolveRange } from '@apothecall/domain/analytics/analytics.rules';
import { addDays } from '@apothecall/domain/dates/zones.rules';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Form } from '../../../components/form';
import { useLang, useT } from '../../../lib/i18n';
import type { RangeAsked } from '../api/analytics-range';
import { formatDay, todayHere } from './analytics-format';

const presets = [
  { days: 7, key: 'analyticsUi.range.last7' },
  { days: 30, key: 'analyticsUi.range.last30' },
  { days: 90, key: 'analyticsUi.range.last90' },
] as const;

/**
 * The date range of every tab: two calendar days (both included) and three presets. The days
 * are checked here with the server's own rule first (domain analytics.rules), so a wrong range
 * is named at its field before anything is asked; the server says the same in the same words.
 */
export function RangePicker({
  shown,
  onApply,
}: {
  /** The range the figures on screen cover (as the server resolved it), if any yet. */
  shown: AnalyticsRange | undefined;
  onApply: (range: RangeAsked) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [from, setFrom] = useState(shown?.from ?? '');
  const [to, setTo] = useState(shown?.to ?? '');
  const [error, setError] = useState<{ field: 'from' | 'to'; text: string } | null>(null);
  useEffect(() => {
    if (shown) {
      setFrom(shown.from);
      setTo(shown.to);
    }
  }, [shown]);

  const apply = (range: RangeAsked) => {
    const checked = resolveRange(range, todayHere());
    if (!checked.ok) {
      setError({ field: checked.field, text: t(checked.messageKey) });
      return;
    }
    setError(null);
    onApply({ from: checked.from, to: checked.to });
  };

  return (
    <Form onSubmit={() => apply({ from: from || undefined, to: to || undefined })}>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid="analytics-range">
        <legend className="analytics-sr-only">{t('analyticsUi.range.legend')}</legend>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('analyticsUi.range.from')}
            value={from}
            onChange={(event) => {
              setFrom(event.currentTarget.value);
              setError(null);
            }}
            error={error?.field === 'from' ? error.text : null}
            data-testid="analytics-from"
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            type="date"
            label={t('analyticsUi.range.to')}
            value={to}
            onChange={(event) => {
              setTo(event.currentTarget.value);
              setError(null);
            }}
            error={error?.field === 'to' ? error.text : null}
            data-testid="analytics-to"
            w={{ base: '100%', xs: 170 }}
          />
          <Button type="submit" data-testid="analytics-apply">
            {t('analyticsUi.range.apply')}
          </Button>
        </Group>
        <Group gap="xs" mt="xs" wrap="wrap">
          {presets.map((preset) => (
            <Button
              key={preset.days}
              variant="light"
              size="compact-sm"
              onClick={() => {
                const today = todayHere();
                apply({ from: addDays(today, -(preset.days - 1)), to: today });
              }}
            >
              {t(preset.key)}
            </Button>
          ))}
        </Group>
        {shown ? (
          <Text size="sm" c="dimmed" mt="xs" data-testid="analytics-range-shown">
            {t('analyticsUi.range.showing', {
              from: formatDay(shown.from, lang),
              to: formatDay(shown.to, lang),
              timeZone: shown.timeZone,
            })}
          </Text>
        ) : null}
      </fieldset>
    </Form>
  );
}
