import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'cdk.out/',
      '.data/',
      '.cdk/',
      'coverage/',
      'eslint.config.js',
      // Generated from browser/ (lib/browser-bundling.ts), which is linted.
      'shared/http/pages/assets/bundles/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': 'off',
      // Operation handlers share one async signature even when a body needs no await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // The pages' code sets text as text, as their CSP's Trusted Types rule asks: only the owned report sets HTML,
  // through its own policy (docs/decisions/119-browser-code-in-typescript.md).
  {
    files: ['browser/**/*.ts'],
    ignores: ['browser/report/owned-report.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'write', 'writeln'].map((property) => ({
          property,
          message: 'Set text as text (textContent, el()): the pages enforce Trusted Types.',
        })),
      ],
    },
  },
  // The command line prints only through bin/cli/inert-output.ts, which keeps site text from writing workflow
  // commands into a CI log (docs/decisions/095-no-workflow-commands-from-site-text.md).
  {
    files: ['bin/cli/**/*.ts'],
    ignores: ['bin/cli/inert-output.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'stdout', message: 'Print with toStdout (bin/cli/inert-output.ts).' },
        { object: 'process', property: 'stderr', message: 'Print with toStderr (bin/cli/inert-output.ts).' },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
