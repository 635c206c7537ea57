/** One figure a benchmark prints, its goal, and whether this run met it. */
export interface Row {
  figure: string;
  value: string;
  goal: string;
  met: boolean | 'not measured';
}

export function printTable(rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.figure.length), 6);
  const valueWidth = Math.max(...rows.map((r) => r.value.length), 5);
  const goalWidth = Math.max(...rows.map((r) => r.goal.length), 4);
  console.log('');
  console.log(
    `${'figure'.padEnd(width)}  ${'value'.padEnd(valueWidth)}  ${'goal'.padEnd(goalWidth)}  met`,
  );
  for (const r of rows) {
    const met = r.met === 'not measured' ? 'not measured' : r.met ? 'yes' : 'NO';
    console.log(
      `${r.figure.padEnd(width)}  ${r.value.padEnd(valueWidth)}  ${r.goal.padEnd(goalWidth)}  ${met}`,
    );
  }
}
