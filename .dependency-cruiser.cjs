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
        "A feature calls another area's service through its collaborators, never its internals.",
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: { path: '^apps/server/src/features/', pathNot: '^apps/server/src/features/$1/' },
    },
    {
      name: 'web-features-are-separate',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
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
    exclude: { path: '(^|/)(dist|dev-dist|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
