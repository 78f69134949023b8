import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const SERVICES = ['admin', 'ai-worker', 'signature-stream'];

/**
 * Services talk only through the bus: a service never imports another service (nor the gateway), and the gateway
 * imports no service, by package name or by a relative path into the other package's folder.
 */
function forbidImportsOf(packages, message) {
  const names = packages.join('|');
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: `^@promptloom/(${names})(/.*)?$`, message },
          { regex: `^(\\.\\./)+(services/(${names})(/.*)?|(${names})/src(/.*)?)$`, message },
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      'web/dist/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { ...reactHooks.configs.flat.recommended, files: ['web/src/**/*.{ts,tsx}'] },
  {
    // The type checker has no jest globals for web/ (its tsconfig serves the client): web tests import them from
    // '@jest/globals', so a test that forgets to fails `npm run typecheck`.
    files: ['web/src/**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  ...SERVICES.map((service) => ({
    files: [`services/${service}/**/*.ts`],
    rules: forbidImportsOf(
      [...SERVICES.filter((other) => other !== service), 'gateway'],
      `A service never imports another service or the gateway: talk through the bus (CONTRIBUTING.md).`,
    ),
  })),
  {
    files: ['services/shared/**/*.ts'],
    rules: forbidImportsOf([...SERVICES, 'gateway'], 'services/shared is a library: it imports no service.'),
  },
  {
    files: ['gateway/**/*.ts'],
    rules: forbidImportsOf(
      SERVICES,
      'The gateway imports only @promptloom/proto and @promptloom/shared: reach a service through the bus.',
    ),
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', 'test/**', 'bench/**', '**/testing/**', 'web/scripts/**', 'scripts/**'],
    // Tests read JSON answers of unknown shape and assert on them; `any` keeps that readable.
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
