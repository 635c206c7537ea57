import type { AreaModule, ModuleContext } from '../../platform/module';
import type { BrandsPort } from '../brands/brands.port';
import type { RosterPort } from '../clinic/roster.port';
import { createAccountSupportRepo } from './account-support.repo';
import { createAccountSupport } from './account-support.service';
import type { AccountsPort } from './accounts.port';
import { type AccountsRepo, createAccountsRepo } from './accounts.repo';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { pruneCodesJob } from './codes-prune.job';
import { consultRoutes } from './consult.routes';
import { createConsultService } from './consult.service';
import { familyRoutes } from './family.routes';
import { createFamilyService } from './family.service';
import { passwordsRoutes } from './passwords.routes';
import { createPasswordsService } from './passwords.service';
import { createPatientLinksService } from './patient-links.service';
import { createPeopleRepo } from './people.repo';
import { registrationRoutes } from './registration.routes';
import { createRegistrationService } from './registration.service';
import { createStaffService } from './staff.service';

/**
 * Accounts: login (two-factor, limits), registration, password help, profile and settings,
 * family members, consents, the consult location. Its port answers other areas' questions
 * about people and accounts.
 */
export function accountsModule(
  ctx: ModuleContext,
  ports: { brands: BrandsPort; roster: RosterPort },
): AreaModule & { port: AccountsPort } {
  const { platform } = ctx;
  const repo = createAccountsRepo(ctx.db);
  const { accounts, passwords, staff, patientLinks } = loginServices(ctx, repo);
  const { family, registration, consult } = peopleServices(ctx, ports, repo);
  // Long-expired sign-in codes, reset links and device tokens are deleted once a day.
  platform.jobs.register(
    pruneCodesJob({
      pruneCodes: (before) => repo.pruneCodes(before),
      now: platform.now,
      onPruned: (count) => platform.log.info({ count }, 'expired one-time codes pruned'),
    }),
  );
  // One routes file per service.
  const routes: NonNullable<AreaModule['routes']> = async (app) => {
    await app.register(accountsRoutes({ accounts }));
    await app.register(registrationRoutes({ registration }));
    await app.register(passwordsRoutes({ passwords }));
    await app.register(familyRoutes({ family }));
    await app.register(consultRoutes({ consult }));
  };
  // The back office's People and support area reads and changes accounts through this.
  const support = createAccountSupport({
    repo,
    supportRepo: createAccountSupportRepo(ctx.db),
    accounts,
    passwords,
    sessions: platform.sessions,
  });
  return {
    name: 'accounts',
    port: { ...createPeopleRepo(ctx.db, repo), ...staff, ...patientLinks, ...support },
    routes,
  };
}

/** The logins: sign-in and its limits, password help, staff logins, patients' links. */
function loginServices(ctx: ModuleContext, repo: AccountsRepo) {
  const { config, platform } = ctx;
  const { audit, hasher, sessions, mailer, sms, limiter, clock } = platform;
  const accounts = createAccountsService({
    repo,
    hasher,
    sessions,
    audit,
    limiter,
    loginLimit: config.loginLimit,
    mailer,
    sms,
    events: platform.events,
    ...clock,
  });
  const passwords = createPasswordsService({
    repo,
    hasher,
    sessions,
    audit,
    mailer,
    sms,
    publicUrl: config.publicUrl,
    limiter,
    ...clock,
  });
  const staff = createStaffService({
    repo,
    hasher,
    sessions,
    audit,
    mailer,
    publicUrl: config.publicUrl,
    ...clock,
  });
  // A pharmacy's in-store assessment link finds or makes the patient's account.
  const patientLinks = createPatientLinksService({ repo, hasher, audit });
  return { accounts, passwords, staff, patientLinks };
}

/** The people: family members, registration, the consult location. */
function peopleServices(
  ctx: ModuleContext,
  ports: { brands: BrandsPort; roster: RosterPort },
  repo: AccountsRepo,
) {
  const { config, platform } = ctx;
  const { audit, hasher, sessions, mailer, limiter, clock } = platform;
  const family = createFamilyService({
    repo,
    hasher,
    sessions,
    audit,
    minDependentAge: config.ages.minDependent,
    minRegistrationAge: config.ages.minRegistration,
    ...clock,
  });
  const registration = createRegistrationService({
    repo,
    referral: (code) => ports.brands.referral(code),
    hasher,
    audit,
    mailer,
    limiter,
    minRegistrationAge: config.ages.minRegistration,
    ...clock,
  });
  const consult = createConsultService({
    repo,
    family,
    audit,
    careSettings: (brandId) => ports.brands.careSettings(brandId),
    providersOnDuty: (state) => ports.roster.onDutyCount(state),
    ...clock,
  });
  return { family, registration, consult };
}
