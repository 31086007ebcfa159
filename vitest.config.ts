import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The browser project's stack sets its own limits in the environment of the Vitest process it shares with the unit
 * and infra projects (test/browser/global-setup.ts), which their workers inherit: blank, a setting reads as its
 * default (shared/config.ts), as the OpenAPI document and the bundles they check name it.
 */
const browserStackOnly = { DASHBOARD_ROUTES_LIMIT_PER_HOUR: '' };

/** Each project first builds the pages' browser bundles from browser/ as it is (lib/browser-bundling.ts). */
const browserBundles = 'test/support/browser-bundles-setup.ts';

/**
 * Integration files that start services of their own (`npm start`, DynamoDB Local, the load command) on free
 * ports with data folders of their own, and use nothing of the shared stack: they run beside each other
 * instead of one at a time in the integration project's serial queue, which is the suite's critical path.
 */
const ownServiceFiles = [
  'test/integration/database-pause.test.ts',
  'test/integration/java-runtime.test.ts',
  'test/integration/load-command.test.ts',
  'test/integration/npm-start.test.ts',
  'test/integration/npm-start-sign-in.test.ts',
  'test/integration/parent-death.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one (a single worker on a 2-core CI machine). Most
    // files here wait on loopback servers, DynamoDB Local or a browser, not on the CPU: three at a time
    // keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // CPU-bound tests (property tests, the 93 real pages) share two cores with the other projects' files.
        // Unit files keep no state between them (no module mocks, timers restored), so a worker reuses
        // its loaded modules instead of importing the scanner afresh for every file: the project takes
        // 35-41 s instead of 76 s, the same 1,575 tests passing in shuffled orders.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          globalSetup: [browserBundles],
          testTimeout: 20_000,
          isolate: false,
          env: browserStackOnly,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ownServiceFiles],
          // One file at a time: they share one local stack.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // No file mocks a module or changes the environment, and they share the stack anyway: a worker
          // keeps its loaded modules between files instead of importing the service afresh for each
          // (imports took 111 s of a 700 s run in CI; 11 s of 316 s alone).
          isolate: false,
          globalSetup: [browserBundles, 'test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Run by the integration process (bin/test-projects.ts).
          name: 'own-services',
          include: ownServiceFiles,
          // First, beside each other; then the shared stack's files (group 1), one at a time.
          sequence: { groupOrder: 0 },
          globalSetup: [browserBundles],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: [browserBundles, 'test/browser/global-setup.ts'],
          // The files keep no module state (each launches and closes its own browser): a worker reuses the
          // loaded playwright, axe and service modules instead of importing them for every file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          env: browserStackOnly,
          globalSetup: [browserBundles, 'test/infra/global-setup.ts'],
          // Each file builds its own app; sharing the loaded aws-cdk-lib between files saves 10-20 s.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
