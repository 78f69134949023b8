/**
 * The tests, in tiers (README "Tests"). Each tier is a jest project; `npm test` runs them all, cheapest first.
 *
 * - unit:    tests beside the server code, no server of any kind (`*.test.ts` under a workspace's src/, and
 *            beside the repository's own scripts under scripts/).
 * - web:     tests beside the web client's code (`web/src/**\/*.test.ts(x)`), no server, no browser.
 * - service: PostgreSQL and NATS, the product started in the test's process (`test/**`, and `*.service.test.ts`
 *            beside the code).
 * - process: the parts as separate processes: faults, topology, the embedded default, deployment.
 * - browser: the built web client in Chromium against the product.
 *
 * Workspace imports resolve to TypeScript sources, so tests need no build (the browser tier needs web/dist).
 */
const workspaces = {
  proto: 'proto',
  shared: 'services/shared',
  admin: 'services/admin',
  'ai-worker': 'services/ai-worker',
  'signature-stream': 'services/signature-stream',
  gateway: 'gateway',
};

const moduleNameMapper = {};
for (const [name, folder] of Object.entries(workspaces)) {
  moduleNameMapper[`^@promptloom/${name}$`] = `<rootDir>/${folder}/src/index.ts`;
  moduleNameMapper[`^@promptloom/${name}/(.*)$`] = `<rootDir>/${folder}/src/$1`;
}

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const SOURCE_FOLDERS = ['proto', 'services/*', 'gateway', 'apps/*'];
/** The folders of test/ whose suites start the parts as processes of their own (or stop the machine's servers). */
const PROCESS_FOLDERS = ['topology', 'faults', 'embedded', 'deploy', 'outbox', 'tracing'];
const BROWSER_FOLDERS = ['e2e', 'web'];
const under = (folders, pattern) => folders.map((folder) => `<rootDir>/${folder}/${pattern}`);
const testsUnder = (folders) =>
  under(
    folders.map((folder) => `test/${folder}`),
    '**/*.test.ts',
  );

/** What every tier shares. */
const common = {
  rootDir: __dirname,
  testEnvironment: '<rootDir>/test/support/test-environment.cjs',
  // Each file loads its own modules: their AsyncLocalStorages are disabled when it ends
  // (test/support/async-local-storage-of-file.cjs). Not in the browser tier, whose products outlive a file.
  testEnvironmentOptions: { releaseAsyncLocalStorage: true },
  transform: { '^.+\\.tsx?$': swc(false) },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** The tiers that need servers check them first: one clear line for each that is missing (test/support/preflight.cjs). */
const withServers = { ...common, globalSetup: '<rootDir>/test/support/preflight.cjs' };

/** A suite that leaves a socket, server, child process or timer open fails itself, naming it. */
const FAIL_ON_LEAKED_HANDLES = '<rootDir>/test/support/fail-on-leaked-handles.ts';

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [...under(SOURCE_FOLDERS, 'src/**/*.test.ts'), '<rootDir>/scripts/**/*.test.ts'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.service\\.test\\.ts$'],
      // A unit test that reaches for PostgreSQL or NATS fails at once, naming the tier it belongs to.
      setupFiles: ['<rootDir>/test/support/unit-tier.cjs'],
      setupFilesAfterEnv: [FAIL_ON_LEAKED_HANDLES],
    },
    {
      ...common,
      displayName: 'web',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: { '^@promptloom/proto$': '<rootDir>/proto/src/index.ts' },
      setupFiles: ['<rootDir>/test/support/unit-tier.cjs'],
    },
    {
      ...withServers,
      displayName: 'service',
      testMatch: [...under(SOURCE_FOLDERS, 'src/**/*.service.test.ts'), '<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: [
        ...common.testPathIgnorePatterns,
        `<rootDir>/test/(${[...PROCESS_FOLDERS, ...BROWSER_FOLDERS].join('|')})/`,
      ],
      setupFilesAfterEnv: [FAIL_ON_LEAKED_HANDLES],
    },
    {
      ...withServers,
      displayName: 'process',
      testMatch: testsUnder(PROCESS_FOLDERS),
      setupFilesAfterEnv: [FAIL_ON_LEAKED_HANDLES],
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironmentOptions: {},
      testMatch: testsUnder(BROWSER_FOLDERS),
      // The preflight, and a prefix for this run's databases; the teardown drops those a worker left behind.
      globalSetup: '<rootDir>/test/support/browser-tier-setup.cjs',
      globalTeardown: '<rootDir>/test/support/browser-tier-teardown.cjs',
    },
  ],
  // The slowest suites first, on a fresh clone too (test/suite-times.json), so no worker ends the run alone.
  testSequencer: '<rootDir>/test/support/slowest-first-sequencer.cjs',
  // Generous: the machine running the suite may be loaded; a test waits for conditions, never for a time.
  testTimeout: 120_000,
  maxWorkers: 2,
  // A worker that ran a hundred suites takes longer than jest's 500 ms to end its process after its last suite: in a
  // full run its 'exit' event came in the same millisecond as jest's end message, with no handle left open, and
  // jest still reported "A worker process has failed to exit gracefully" (the time is the process's own teardown).
  workerGracefulExitTimeout: 10_000,
};
