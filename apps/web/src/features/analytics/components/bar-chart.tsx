import { Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import './analytics.css';

export interface BarRow {
  /** Stable id of the row (a status, a product id, a source). */
  key: string;
  label: string;
  value: number;
  /** The number as shown (money, minutes); default the value. */
  display?: string;
}

/**
 * A titled bar chart drawn with CSS (no chart library): a table of label and value, each value
 * with a bar as long as its share of the largest and the number written beside it, so the
 * figures read the same with or without the bars (WCAG 1.1.1, 1.4.1).
 */
export function BarChart({
  title,
  rows,
  testId,
  description,
  empty,
}: {
  title: string;
  rows: readonly BarRow[];
  testId: string;
  description?: string;
  /** Shown instead of the bars when every value is zero (or there are no rows). */
  empty?: string;
}) {
  const t = useT();
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <SectionCard title={title} {...(description ? { description } : {})} testId={testId}>
      {max === 0 && empty ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <table className="analytics-bars" aria-label={title}>
          <thead className="analytics-sr-only">
            <tr>
              <th scope="col">{t('analyticsUi.chart.label')}</th>
              <th scope="col">{t('analyticsUi.chart.value')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                data-testid="analytics-bar"
                data-key={row.key}
                data-value={row.value}
              >
                <th scope="row">{row.label}</th>
                <td>
                  <div className="analytics-bar-cell">
                    <div className="analytics-bar-track" aria-hidden="true">
                      <div
                        className="analytics-bar"
                        style={{ width: max > 0 ? `${(Math.max(0, row.value) / max) * 100}%` : 0 }}
                      />
                    </div>
                    <span className="analytics-bar-value">{row.display ?? String(row.value)}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}
