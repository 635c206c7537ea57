// `npm run bench`: every benchmark, then one table of figure, goal and whether it was met.
import { benchImages } from './api/images';
import { benchReads } from './api/reads';
import { benchApi } from './api/run';
import { benchHa } from './ha/run';
import { benchLoad } from './load/run';
import { benchMemory } from './memory/run';
import { benchRealtime } from './realtime/run';
import { printTable, type Row } from './report';
import { benchWeb } from './web/run';

const rows: Row[] = [];
const only = process.env.BENCH_ONLY;
if (!only || only === 'api') rows.push(...(await benchApi()));
// The hot reads against their reference alone (bench/api runs them too, at its end).
if (only === 'reads') rows.push(...(await benchReads()));
if (!only || only === 'images') rows.push(...(await benchImages()));
if (!only || only === 'realtime') rows.push(...(await benchRealtime()));
if (!only || only === 'load') rows.push(...(await benchLoad()));
if (!only || only === 'web') rows.push(...(await benchWeb()));
if (!only || only === 'ha') rows.push(...(await benchHa()));
if (!only || only === 'memory') rows.push(...(await benchMemory()));
printTable(rows);
