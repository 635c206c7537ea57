/** The range an analytics call asks for: calendar days, or none (the server's last 30 days). */
export interface RangeAsked {
  from?: string | undefined;
  to?: string | undefined;
}

/** `?from=&to=` for the days given (none: the server's default). */
export function rangeQuery(range: RangeAsked): string {
  const pairs = [
    ...(range.from ? [['from', range.from]] : []),
    ...(range.to ? [['to', range.to]] : []),
  ];
  return pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
}

export const analyticsPath = (pharmacyId: string, part = '') =>
  `/pharmacy/analytics/${encodeURIComponent(pharmacyId)}${part}`;
