import type { AreaModule, ModuleContext } from '../../platform/module';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxPort } from '../rx/rx.port';
import { createRxCodesRepo } from './rx-codes.repo';
import { rxCodesRoutes } from './rx-codes.routes';
import { createRxCodesService } from './rx-codes.service';

/**
 * External visit codes: a pharmacy's own reference for an Rx visit it claimed,
 * unique within the pharmacy; visits are asked of the rx port, the caller's pharmacy of the
 * pharmacy port.
 */
export function rxCodesModule(
  ctx: ModuleContext,
  ports: { rx: RxPort; pharmacy: PharmacyPort },
): AreaModule {
  const codes = createRxCodesService({
    repo: createRxCodesRepo(ctx.db),
    rx: ports.rx,
    pharmacy: ports.pharmacy,
    audit: ctx.platform.audit,
    ...ctx.platform.clock,
  });
  return { name: 'rx-codes', routes: rxCodesRoutes({ codes }) };
}
