import type { AreaModule, ModuleContext } from '../../platform/module';
import { nativePages } from './native.routes';

/**
 * The native apps' side of the server: the link-association files and the browser
 * landing of app links. Biometric login is the accounts area's (POST /account/authIdToken);
 * native push tokens are the notifications area's (POST /update-notification-token).
 */
export function nativeModule(ctx: ModuleContext): AreaModule {
  return {
    name: 'native',
    pages: nativePages(ctx.config.native),
  };
}
