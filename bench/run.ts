// `npm run bench`: every benchmark, then one table of figure, goal and whether it was met.
import { benchImages } from './api/images';
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
if (!only || only === 'images') rows.push(...(await benchImages()));
if (!only || only === 'realtime') rows.push(...(await benchRealtime()));
if (!only || only === 'load') rows.push(...(await benchLoad()));
if (!only || only === 'web') rows.push(...(await benchWeb()));
if (!only || only === 'ha') rows.push(...(await benchHa()));
if (!only || only === 'memory') rows.push(...(await benchMemory()));
printTable(rows);
