/**
 * The English catalogue, merged from the areas' message files. A module of its own so the web
 * app loads the page's language only; catalog.ts joins both for the server.
 */
import { enCore } from './catalog.core.en';
import { enScreens } from './catalog.screens.en';

export const en = { ...enCore, ...enScreens };

export type MessageKey = keyof typeof en;
