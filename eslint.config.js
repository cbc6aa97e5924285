import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default [
  {
    ignores: [
      'dist*/',
      'data/',
      'public/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // The shape of the server (issue 10): domains behind their index.ts, the
  // domain layer independent of HTTP, islands free of server code at run time.
  {
    files: ['src/server/services/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)api/',
              message:
                'Services never import the API layer: throw AppError from src/server/errors.ts.',
            },
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)[^/]+$',
              message:
                "Another domain is reached only through its index.ts ('../<domain>/index.ts').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,astro,mjs}'],
    ignores: ['src/server/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'services/[^/]+/(?!index\\.ts$)[^/]+$',
              message: "Code outside a domain imports only that domain's index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/client/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/',
              allowTypeImports: true,
              message: 'Islands import server code only with `import type`.',
            },
            {
              regex: 'services/[^/]+/(?!index\\.ts$)[^/]+$',
              message: "Code outside a domain imports only that domain's index.ts.",
            },
          ],
        },
      ],
    },
  },
];
