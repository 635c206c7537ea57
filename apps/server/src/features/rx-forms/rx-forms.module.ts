import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxPort } from '../rx/rx.port';
import type { RxFormsPort } from './rx-forms.port';
import { createRxFormsRepo } from './rx-forms.repo';
import { rxFormsRoutes } from './rx-forms.routes';
import { createRxFormsService } from './rx-forms.service';

/**
 * Form signing on Rx visits: the pharmacy that claimed a visit asks its patient to
 * sign a form of the domain catalogue; the patient signs on the visit; the signed PDF is a
 * document (the port's source) and the pharmacy's download. Visits are asked of the rx port.
 */
export function rxFormsModule(
  ctx: ModuleContext,
  ports: { rx: RxPort; accounts: AccountsPort; pharmacy: PharmacyPort },
): AreaModule & { port: RxFormsPort } {
  const { platform } = ctx;
  const forms = createRxFormsService({
    repo: createRxFormsRepo(ctx.db),
    rx: ports.rx,
    accounts: ports.accounts,
    pharmacy: ports.pharmacy,
    audit: platform.audit,
    events: platform.events,
    ...platform.clock,
  });
  return {
    name: 'rx-forms',
    port: { documents: forms.documents },
    routes: rxFormsRoutes({ forms }),
  };
}
