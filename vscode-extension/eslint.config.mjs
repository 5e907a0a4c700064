// ESLint for the extension's TypeScript and test scripts: ESLint's and
// typescript-eslint's recommended rules (the C++ follows LLVM's clang-tidy
// set, ../.clang-tidy). Run with `npm run lint`.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-artifacts/**', '.vscode-test/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      // The extension and its tests run in Node; the webview and the
      // callbacks tests evaluate in a page run in a browser.
      globals: { ...globals.node, ...globals.browser, acquireVsCodeApi: 'readonly' },
    },
    rules: {
      // `_`-prefixed names are unused on purpose (a callback's position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The e2e suite's test-only extension is plain CommonJS, as VS Code
    // loads them (no build step).
    files: ['test/e2e/probe/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
