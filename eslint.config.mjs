import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['backend/**/*.{ts,mjs}', 'scripts/**/*.{js,mjs}', '*.{js,ts,mjs,cjs}', '.*.cjs', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // A feature's SQL lives in its repository (`*.repository.ts`); nothing else injects the DataSource.
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.repository.ts', 'backend/src/database/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Decorator[expression.callee.name='InjectDataSource']",
          message: "Only a feature's repository (*.repository.ts) injects the DataSource: move this SQL there.",
        },
        {
          // class-validator's option splits String(value) on '.', so 3e-323 throws inside validation: a 500.
          selector: "Property[key.name='maxDecimalPlaces']",
          message: 'Use @MaxDecimalPlaces from common/validators: IsNumber({ maxDecimalPlaces }) throws on 1e-7.',
        },
      ],
    },
  },
);
