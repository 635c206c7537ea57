import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { AssessmentsPort } from './assessments.port';
import { createAssessmentsRepo } from './assessments.repo';
import { assessmentsRoutes } from './assessments.routes';
import { createAssessmentsService } from './assessments.service';

/**
 * Pharmacy in-store assessments: the intake a pharmacy submits, the patient's
 * account (accounts port), the e-mailed link and the intake filed as the patient's document.
 * The Rx area continues a link into a visit through this area's port.
 */
export function assessmentsModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; pharmacy: PharmacyPort },
): AreaModule & { port: AssessmentsPort } {
  const assessments = createAssessmentsService({
    repo: createAssessmentsRepo(ctx.db),
    pharmacy: ports.pharmacy,
    accounts: ports.accounts,
    audit: ctx.platform.audit,
    mailer: ctx.platform.mailer,
    publicUrl: ctx.config.publicUrl,
    minRegistrationAge: ctx.config.ages.minRegistration,
    ...ctx.platform.clock,
  });
  return { name: 'assessments', routes: assessmentsRoutes({ assessments }), port: assessments };
}
