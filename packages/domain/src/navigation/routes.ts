/**
 * The hash routes of spec section 2, declared once. The web app's route table and the route
 * guard both read this list; `access` says who may open a route before any guard rule runs.
 *
 * - public: anyone, logged in or not;
 * - guestOnly: public only while logged out ('/' and '/rx' — once logged in they are the
 *   user's own Home and Rx screens, so they need the session);
 * - protected: needs a session; an unauthenticated visit goes to /login?to={path}.
 */
export type RouteAccess = 'public' | 'guestOnly' | 'protected';

export interface RouteDef {
  /** react-router style path: ':id' marks a parameter. */
  readonly path: string;
  readonly screen: string;
  readonly access: RouteAccess;
}

export const routes = [
  // Public
  { path: '/login', screen: 'login', access: 'public' },
  { path: '/register', screen: 'register', access: 'public' },
  { path: '/account-created', screen: 'accountCreated', access: 'public' },
  { path: '/resetpw/:id', screen: 'resetPassword', access: 'public' },
  { path: '/terms', screen: 'terms', access: 'public' },
  { path: '/meet', screen: 'meet', access: 'public' },
  { path: '/update', screen: 'update', access: 'public' },
  { path: '/test', screen: 'test', access: 'public' },
  { path: '/testcc', screen: 'testCreditCard', access: 'public' },
  { path: '/pharmacy', screen: 'pharmacyEntry', access: 'public' },
  // Our addition: the link an access token is sent with (the spec's 'redeem'
  // screen of the logo settings). The code follows '#', so no server ever receives it.
  { path: '/redeem/:code', screen: 'redeem', access: 'public' },
  // Our addition: the link of a pharmacy's in-store assessment (`?code=`), public so
  // a new account chooses its password there; the code follows '#', never reaching a server log.
  { path: '/instore', screen: 'instore', access: 'public' },
  // Public only while logged out
  { path: '/', screen: 'home', access: 'guestOnly' },
  { path: '/rx', screen: 'rx', access: 'guestOnly' },
  // Need login
  { path: '/consents', screen: 'consents', access: 'protected' },
  { path: '/rxvisits', screen: 'rxVisits', access: 'protected' },
  { path: '/rxvisitsUnpaid', screen: 'rxVisitsUnpaid', access: 'protected' },
  { path: '/rxrefill', screen: 'rxRefill', access: 'protected' },
  { path: '/rx2', screen: 'rx2', access: 'protected' },
  { path: '/testrx', screen: 'testRx', access: 'protected' },
  { path: '/uploadId', screen: 'uploadId', access: 'protected' },
  { path: '/prescriptions', screen: 'prescriptions', access: 'protected' },
  { path: '/links', screen: 'links', access: 'protected' },
  { path: '/rxadmin', screen: 'rxAdmin', access: 'protected' },
  { path: '/payments', screen: 'payments', access: 'protected' },
  { path: '/care', screen: 'care', access: 'protected' },
  { path: '/appointment', screen: 'appointment', access: 'protected' },
  { path: '/notes', screen: 'notes', access: 'protected' },
  { path: '/notes/:id', screen: 'note', access: 'protected' },
  { path: '/docs', screen: 'docs', access: 'protected' },
  { path: '/doc', screen: 'doc', access: 'protected' },
  { path: '/profile', screen: 'profile', access: 'protected' },
  { path: '/coupon', screen: 'coupon', access: 'protected' },
  { path: '/waiting', screen: 'waiting', access: 'protected' },
  { path: '/transactions', screen: 'transactions', access: 'protected' },
  { path: '/referred-transactions', screen: 'referredTransactions', access: 'protected' },
  { path: '/transactions/receipt', screen: 'receipt', access: 'protected' },
  { path: '/add-dependent', screen: 'addDependent', access: 'protected' },
  { path: '/prepay-home', screen: 'prepayHome', access: 'protected' },
  { path: '/prepay-purchase', screen: 'prepayPurchase', access: 'protected' },
  { path: '/subscription-purchase', screen: 'subscriptionPurchase', access: 'protected' },
  // Our addition: the member's plan and rx subscriptions (cancel, uncancel, services).
  { path: '/subscription', screen: 'subscription', access: 'protected' },
  { path: '/prepay-select', screen: 'prepaySelect', access: 'protected' },
  { path: '/prepay-edit/:id', screen: 'prepayEdit', access: 'protected' },
  { path: '/prepay-transactions/:id', screen: 'prepayTransactions', access: 'protected' },
  { path: '/prepay-addFunds/:id', screen: 'prepayAddFunds', access: 'protected' },
  // Our addition: the provider console; the guard admits providers only.
  { path: '/clinic', screen: 'clinicQueue', access: 'protected' },
  { path: '/clinic/visits/:id', screen: 'clinicVisit', access: 'protected' },
  // Our addition: the prescriber's review of asynchronous prescription visits.
  { path: '/clinic/rx', screen: 'clinicRxQueue', access: 'protected' },
  { path: '/clinic/rx/:id', screen: 'clinicRxReview', access: 'protected' },
  // Our addition: the pharmacy administrator's pharmacists (invite, grant, revoke).
  { path: '/pharmacists', screen: 'pharmacists', access: 'protected' },
  // Our addition: notification settings (on/off on this device and the account),
  // reached from the profile menu and the profile's settings.
  { path: '/notifications', screen: 'notifications', access: 'protected' },
  // Our addition: the pharmacy's e-mail inbox (its staff; others are refused).
  { path: '/inbox', screen: 'inbox', access: 'protected' },
  // Our addition: the pharmacy's CRM (customers, interactions, tasks; its staff).
  { path: '/crm', screen: 'crm', access: 'protected' },
  // Our addition: the pharmacy's in-store assessment (its staff; others are refused).
  { path: '/assessment', screen: 'assessment', access: 'protected' },
  // Our addition: the pharmacy's analytics, logins, attribution and referrals (its
  // administrator; others are refused).
  { path: '/analytics', screen: 'analytics', access: 'protected' },
  // Our addition: the back office's pharmacies area (admin; support reads; the route
  // guard's step 4h refuses anyone else).
  { path: '/admin/pharmacies', screen: 'adminPharmacies', access: 'protected' },
  { path: '/admin/pharmacies/:id', screen: 'adminPharmacy', access: 'protected' },
  // Our addition: the back office's People and support (search, an account's page)
  // and its accounting of disclosures (the account handed over in the screen's state).
  { path: '/admin/people', screen: 'adminPeople', access: 'protected' },
  { path: '/admin/people/:id', screen: 'adminPerson', access: 'protected' },
  { path: '/admin/disclosures', screen: 'adminDisclosures', access: 'protected' },
  // Our addition: the back office's providers area (admin; support reads).
  { path: '/admin/providers', screen: 'adminProviders', access: 'protected' },
  { path: '/admin/providers/:id', screen: 'adminProvider', access: 'protected' },
  // Our addition: the back office's jobs and outbox (admin only).
  { path: '/admin/jobs', screen: 'adminJobs', access: 'protected' },
  // Our addition: the back office's brands area (admin; support reads).
  { path: '/admin/brands', screen: 'adminBrands', access: 'protected' },
  { path: '/admin/brands/new', screen: 'adminBrandNew', access: 'protected' },
  { path: '/admin/brands/:id', screen: 'adminBrand', access: 'protected' },
  // Our addition: the back office's money area (admin only; support is refused).
  { path: '/admin/money', screen: 'adminMoney', access: 'protected' },
  // Our addition: the back office's visits area (admin and support).
  { path: '/admin/visits', screen: 'adminVisits', access: 'protected' },
  // Our addition: a brand's offers — coupons, referral codes, subscription plans and
  // prices (admin; support reads; the guard's step 4h refuses anyone else).
  { path: '/admin/brands/:id/offers', screen: 'adminBrandOffers', access: 'protected' },
] as const satisfies readonly RouteDef[];

export type Screen = (typeof routes)[number]['screen'];
export type RoutePath = (typeof routes)[number]['path'];

/** Finds the route a concrete path ('/notes/12') belongs to; undefined for unknown paths. */
export function matchRoute(pathname: string): RouteDef | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = clean.split('/');
  return routes.find((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i])
    );
  });
}

/** Whether a path needs a session, given whether the user has one. Unknown paths fall back to Home. */
export function needsLogin(pathname: string): boolean {
  const route = matchRoute(pathname) ?? matchRoute('/');
  return route?.access === 'protected';
}

/**
 * The login URL for an unauthenticated visit: /login?to={path}, plus id and itemId when the
 * visit carried them (spec section 2, entry links).
 */
export function loginRedirectFor(pathname: string, query: QueryLike): string {
  const pairs: [string, string][] = [['to', pathname]];
  const id = query.get('id');
  const itemId = query.get('itemId');
  if (id) pairs.push(['id', id]);
  if (itemId) pairs.push(['itemId', itemId]);
  return `/login?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** The part of URLSearchParams the rules read (the domain package has no DOM or Node types). */
export interface QueryLike {
  get(name: string): string | null;
}

/**
 * Where to go after login from a `to` query value. Only same-app hash paths are honoured, so
 * a crafted link cannot send the user to another site.
 */
export function safeReturnPath(to: string | null | undefined): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.includes('\\')) return '/';
  if (matchRoute(to.split('?')[0] ?? '') === undefined) return '/';
  if (to.startsWith('/login')) return '/';
  return to;
}
