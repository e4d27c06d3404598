/** Jest runs the backend's ESM TypeScript through SWC; decorator metadata is needed by Nest's DI. */
const shared = {
  testEnvironment: 'node',
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      },
    ],
  },
};

/**
 * Two projects: `unit`, the pure suites beside the code (`*.spec.ts` under src), which need no database and set
 * what they need themselves; and `api`, the suites that drive the app (`*.e2e-spec.ts` under test) against the
 * fresh database the global setup gives the run. `jest --selectProjects unit` runs the first alone, in seconds.
 */
export default {
  testTimeout: 30000,
  testSequencer: '<rootDir>/test/slow-first.sequencer.mjs',
  projects: [
    { ...shared, displayName: 'unit', roots: ['<rootDir>/src'], testRegex: '\\.spec\\.ts$' },
    {
      ...shared,
      displayName: 'api',
      roots: ['<rootDir>/test'],
      testRegex: '\\.e2e-spec\\.ts$',
      globalSetup: '<rootDir>/test/global-setup.ts',
      setupFiles: ['<rootDir>/test/worker-database.ts'],
      globalTeardown: '<rootDir>/test/global-teardown.ts',
    },
  ],
};
