import { rememberCompany, storedCompany } from '../brand-store';
import { setServerOrigin } from '../server-origin';

/**
 * What a native build was given: the server it calls and the brand it is. The web
 * build is the same one the server serves; `npm run native:sync` copies it into the native
 * projects with `native-config.json` beside it (apps/web/scripts/native-web.mjs), read here
 * before the first screen.
 */
export interface NativeConfig {
  readonly serverOrigin: string;
  readonly company: string | null;
}

export function parseNativeConfig(raw: unknown): NativeConfig | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { serverOrigin, company } = raw as Record<string, unknown>;
  if (typeof serverOrigin !== 'string' || !/^https?:\/\/[^/\s]+$/.test(serverOrigin)) return null;
  return {
    serverOrigin,
    company: typeof company === 'string' && company.trim() ? company.trim() : null,
  };
}

/** Reads the app's native-config.json and applies it; false when it is missing or wrong. */
export async function loadNativeConfig(fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchFn('/native-config.json');
    const config = parseNativeConfig(await response.json());
    if (!config) return false;
    setServerOrigin(config.serverOrigin);
    // The brand this app is (an entry link's company still wins for its session).
    if (config.company && !storedCompany()) rememberCompany(config.company);
    return true;
  } catch {
    return false;
  }
}
