import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

/** Code outside a domain imports only that domain's index.ts. */
const INDEX_ONLY = {
  regex: 'services/[^/]+/(?!index\\.ts$).+$',
  message: "Code outside a domain imports only that domain's index.ts.",
};

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
  // A domain's own files sit at its top or in one level of folders (learning/media/, …): from
  // the top another domain is '../<domain>/', from a folder '../../<domain>/'.
  ...[
    { files: ['src/server/services/*/*.ts'], up: '\\.\\./' },
    { files: ['src/server/services/*/*/**/*.ts'], up: '\\.\\./\\.\\./' },
  ].map(({ files, up }) => ({
    files,
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
              regex: `^${up}(?!\\.\\.)[^/]+/(?!index\\.ts$).+$`,
              message:
                "Another domain is reached only through its index.ts ('../<domain>/index.ts').",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.{ts,tsx,astro,mjs}'],
    ignores: ['src/server/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [INDEX_ONLY],
        },
      ],
    },
  },
  // Issue 22's guard rails. Each block names the index rule again: a later
  // block's options replace an earlier one's for the same rule.
  {
    files: ['src/console/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/',
              allowTypeImports: true,
              message:
                'The console imports server code only with `import type`; shared rules live in src/shared.',
            },
            INDEX_ONLY,
          ],
        },
      ],
    },
  },
  {
    // Console dates are Beijing time whatever the browser's zone (issue 24): date fields use
    // the pickers of parts/beijing-pickers.tsx, never antd's own.
    files: ['src/console/**/*.{ts,tsx}'],
    ignores: ['src/console/sections/parts/beijing-pickers.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='DatePicker']",
          message:
            'Use BeijingDatePicker / BeijingRangePicker (sections/parts/beijing-pickers.tsx): console dates are Beijing time.',
        },
      ],
    },
  },
  {
    files: ['src/server/providers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)services/',
              message:
                'Providers never import services: what both need lives in src/shared or the provider.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API framework; app.ts is the composition root that brings in the routes.
    files: ['src/server/api/*.ts'],
    ignores: ['src/server/api/app.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)routes/',
              message:
                'The API framework never imports route files: routes import it, and app.ts brings them together.',
            },
            INDEX_ONLY,
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/pages/**/*.{ts,astro}',
      'src/layouts/**/*.{ts,astro}',
      'src/components/**/*.{ts,tsx,astro}',
      'src/server/api/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[property.name='db'][object.name='deps']",
          "MemberExpression[property.name='db'][object.property.name='deps']",
          "VariableDeclarator[init.name='deps'] > ObjectPattern > Property[key.name='db']",
          "ObjectPattern > Property[key.name='deps'] > ObjectPattern > Property[key.name='db']",
        ].map((selector) => ({
          selector,
          message:
            'Pages and routes never touch deps.db: call a named function of the owning service domain.',
        })),
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
            INDEX_ONLY,
          ],
        },
      ],
    },
  },
];
