/**
 * Import boundaries (docs/architecture.md, rule 2). Part of `npm test`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Cycles make modules impossible to reason about or test alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain holds rules only: no apps, no Node built-ins, no packages but zod.',
      from: { path: '^packages/domain/src' },
      to: {
        pathNot: [
          '^packages/domain/src',
          'node_modules/zod/',
          'node_modules/fast-check/',
          'node_modules/vitest/',
          'node_modules/@vitest/',
        ],
      },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^apps/server' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'server-features-are-separate',
      severity: 'error',
      comment:
        'An area asks another through the small port that area exports (<area>.port.ts) or through platform/events.ts, never through its internals.',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/',
        pathNot: [
          '^apps/server/src/features/$1/',
          '^apps/server/src/features/[^/]+/[^/]+\\.port\\.ts$',
        ],
      },
    },
    {
      name: 'ports-declare-their-own-types',
      severity: 'error',
      comment:
        "A port is what other areas may ask, in types it declares itself: it imports no repo, no table and no service of an area, so an area's rows and its service's full surface never become another area's types (issue 37, item 2). Repos and services take the port's types and implement them.",
      from: { path: '\\.port\\.ts$' },
      to: {
        path: '(\\.repo\\.ts$|^apps/server/src/db/schema/|^apps/server/src/features/[^/]+/[^/]+\\.service\\.ts$)',
      },
    },
    {
      name: 'one-owner-per-table',
      severity: 'error',
      comment:
        "Each db/schema/<area>.ts belongs to one area: only that area's repos import it (platform repos: platform.ts). Other areas ask its port.",
      from: { path: '^apps/server/src/features/([^/]+)/[^/]+\\.repo\\.ts$' },
      to: { path: '^apps/server/src/db/schema/', pathNot: '^apps/server/src/db/schema/$1\\.ts$' },
    },
    {
      name: 'platform-repos-own-platform-tables',
      severity: 'error',
      from: { path: '^apps/server/src/platform/.+\\.repo\\.ts$' },
      to: {
        path: '^apps/server/src/db/schema/',
        pathNot: '^apps/server/src/db/schema/platform\\.ts$',
      },
    },
    {
      name: 'only-repos-import-schema',
      severity: 'error',
      comment:
        'Tables are read and written by repos (and the db folder: client, seed, migrations).',
      from: {
        path: '^apps/server/src/',
        pathNot: ['\\.repo\\.ts$', '^apps/server/src/db/', '\\.test\\.ts$'],
      },
      to: { path: '^apps/server/src/db/schema/' },
    },
    {
      name: 'services-never-import-db',
      severity: 'error',
      comment: 'A service holds the rules and takes its repos as arguments: it never imports db/.',
      from: { path: '\\.service\\.ts$' },
      to: { path: '^apps/server/src/db/' },
    },
    {
      name: 'app-composes-modules',
      severity: 'error',
      comment: 'app.ts lists area modules: it imports no route, service or repo of an area.',
      from: { path: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/features/', pathNot: '\\.module\\.ts$' },
    },
    {
      name: 'web-features-are-separate',
      severity: 'error',
      comment:
        "A web feature may import another feature's api/ folder (one file per call and its query options), nothing else of it.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '\\.browser\\.test\\.tsx$' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/api/'],
      },
    },
    {
      name: 'web-feature-browser-tests-are-separate',
      severity: 'error',
      comment:
        "A feature's component test imports what the feature may, and the app's theme (features/brands/brand-theme.ts), so axe checks the colours the app shows.",
      from: { path: '^apps/web/src/features/([^/]+)/.*\\.browser\\.test\\.tsx$' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: [
          '^apps/web/src/features/$1/',
          '^apps/web/src/features/[^/]+/api/',
          '^apps/web/src/features/brands/brand-theme\\.ts$',
        ],
      },
    },
    {
      name: 'web-feature-api-is-plain',
      severity: 'error',
      comment:
        "A feature's api/ folder is what other features import: it uses lib/ and the domain only, so it hands out none of its feature's screens, components or hooks.",
      from: { path: '^apps/web/src/features/[^/]+/api/' },
      to: { path: '^apps/web/src/(app/|components/|features/[^/]+/(?!api/))' },
    },
    {
      name: 'web-shared-code-below-features',
      severity: 'error',
      comment: 'Shared web code (lib/, components/) never imports a feature, nor the app shell.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-loads-one-language',
      severity: 'error',
      comment:
        "The web app fetches the page's language only, its core texts first and its screens' texts with the screens (lib/i18n.ts: catalog.core.*.ts and catalog.screens.*.ts, issues 12 and 16); catalog.ts holds both languages and catalog.en.ts / catalog.es.ts both parts. Type imports of them are fine.",
      from: { path: '^apps/web/src/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^packages/domain/src/i18n/catalog(\\.en|\\.es)?\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'platform-below-features',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'services-are-plain',
      severity: 'error',
      comment: 'A service holds the rules: it imports neither fastify nor drizzle.',
      from: { path: '\\.service\\.ts$' },
      to: { path: 'node_modules/(fastify|drizzle-orm|pg|@electric-sql)/' },
    },
    {
      name: 'sql-only-in-repos',
      severity: 'error',
      comment: 'Only repos (and the db folder itself) touch the database.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['\\.repo\\.ts$', '^apps/server/src/db/', '\\.test\\.ts$'],
      },
      to: { path: 'node_modules/drizzle-orm/' },
    },
    {
      name: 'routes-do-not-touch-the-database',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '(\\.repo\\.ts$|^apps/server/src/db/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dev-dist|coverage|\\.native-www|\\.test-build|android|ios)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
