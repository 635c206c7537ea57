// `npm run bench`: every benchmark, then one table of figure, goal and whether it was met.
import { benchApi } from './api/run';
import { printTable, type Row } from './report';

const rows: Row[] = [];
rows.push(...(await benchApi()));
printTable(rows);
