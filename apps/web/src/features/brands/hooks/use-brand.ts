import { type BrandState, useBrandState } from '../../../lib/brand-store';

/**
 * The white-label this tab runs under: logo (the main brand's when it has none),
 * `registerEnabled` (hide the register link when false), attribution, home page and the
 * client settings (idle logout, auto-logoff minutes, minimum ages).
 *
 * Screens of another feature cannot import this file (features are separate); they read the
 * same state with `useBrandState()` from lib/brand-store.ts.
 */
export function useBrand(): BrandState {
  return useBrandState();
}
