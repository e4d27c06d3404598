/**
 * The feature map, checked by `npm run check` (`npm run deps`). docs/architecture.md's "Feature map" section draws
 * it. Folders under backend/src are features; `ifta` is the pure tax module the browser shares; `common`, `config`
 * and `database` are the ground every feature stands on.
 */
const FEATURES =
  'audit|auth|billing|calculation-sessions|calculator|calendar|client-links|companies|health|interest-rates|invoices|mail|members|openapi|operator|operator-accounts|payment-methods|records|reports|stripe-webhooks|subscriptions|tax-rates|testing|users|vehicles';

module.exports = {
  forbidden: [
    {
      name: 'ifta-is-pure',
      comment:
        'backend/src/ifta is pure arithmetic and dates, imported by the browser too: it imports nothing of the app.',
      severity: 'error',
      from: { path: '^backend/src/ifta/' },
      to: { path: '^backend/src/(?!ifta/)' },
    },
    {
      name: 'common-knows-no-feature',
      comment: 'common is what every feature shares; a feature inside it would make every feature depend on it.',
      severity: 'error',
      from: { path: '^backend/src/common/' },
      to: { path: `^backend/src/(${FEATURES}|database)/` },
    },
    {
      name: 'no-cycles',
      comment: 'Modules, and so features, depend on each other in one direction only.',
      severity: 'error',
      from: { path: `^backend/src/(${FEATURES})/` },
      to: { circular: true, pathNot: '^backend/src/(common|config|database|ifta)/' },
    },
    {
      name: 'no-feature-cycles',
      comment:
        'Features depend on each other in one direction only, whatever files the imports run between: a cycle ' +
        'between two feature folders (or through others) is refused even when no single file imports itself. ' +
        'The ground (common, config, database, ifta) imports no feature, so every cycle found is between features.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^backend/src/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'ground-knows-no-feature',
      comment:
        'database and config are the ground every feature stands on (the layering features > database, common, ' +
        'config, ifta): they import no feature. The list of every entity sits beside app.module.ts instead.',
      severity: 'error',
      from: { path: '^backend/src/(database|config)/' },
      to: { path: `^backend/src/(${FEATURES})/` },
    },
    {
      name: 'frontend-shared-knows-no-screen',
      comment:
        'providers, components, i18n and theme serve every screen; they import none. API shapes come from ' +
        'frontend/src/api (generated from openapi.json), which every folder may import.',
      severity: 'error',
      from: { path: '^frontend/src/(providers|components|i18n|theme)/' },
      to: {
        path: '^frontend/src/(calculator|dashboard|reports|records|tax-rates|vehicles|subscription|calendar|settings|pages)/',
      },
    },
    {
      name: 'no-backend-in-frontend',
      comment: 'The browser takes only the pure ifta module from the backend.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^backend/src/(?!ifta/)' },
    },
  ],
  options: {
    // The suites' helpers (backend/test) are not the app: a unit spec beside the code may import them.
    doNotFollow: { path: '(^|/)node_modules/|^backend/test/' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
