/** One jest run over every workspace. Workspace imports resolve to TypeScript sources, so tests need no build. */
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

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/support/test-environment.cjs',
  roots: ['<rootDir>'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/web/'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper,
  // PostgreSQL, NATS with JetStream and Chromium must be there: one clear line for each that is not.
  globalSetup: '<rootDir>/test/support/preflight.cjs',
  // Generous: the machine running the suite may be loaded; a test waits for conditions, never for a time.
  testTimeout: 120_000,
  maxWorkers: 2,
  // A worker that ran a hundred suites takes longer than jest's 500 ms to end its process after its last suite: in a
  // full run its 'exit' event came in the same millisecond as jest's end message, with no handle left open, and
  // jest still reported "A worker process has failed to exit gracefully" (the time is the process's own teardown).
  workerGracefulExitTimeout: 10_000,
};
