/**
 * The Spanish catalogue, merged from the areas' message files: every English key (each area
 * types its Spanish table by its English keys). A module of its own, like catalog.en.ts.
 */

import { esCore } from './catalog.core.es';
import type { MessageKey } from './catalog.en';
import { esScreens } from './catalog.screens.es';

export const es: Record<MessageKey, string> = { ...esCore, ...esScreens };
