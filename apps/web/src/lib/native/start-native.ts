import { startNativeBridge } from './bridge';
import { loadNativeConfig } from './native-config';
import { nativePlugins } from './plugins';

/**
 * The native apps' start (main.tsx, only inside them): the build's server and brand first, then
 * the bridge's listeners. The router is a hash router, so a path is a hash.
 */
export async function startNative(): Promise<void> {
  await loadNativeConfig();
  const plugins = await nativePlugins();
  await startNativeBridge(plugins, (path) => {
    window.location.hash = `#${path}`;
  });
}
