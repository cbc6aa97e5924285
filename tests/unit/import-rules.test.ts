/**
 * The import rules of issues 10 and 22, proven on deliberately wrong code:
 * ESLint lints each snippet as if it sat at the given path in the tree, with
 * the project's own configuration.
 *
 * Every snippet is linted once, together, in beforeAll; the cases only read
 * the results. Loading the whole configuration (typescript-eslint, the Astro
 * parser) and linting some twenty snippets takes a few seconds on an idle
 * machine and far more on a busy one, so that one step gets a timeout sized
 * to the work (120 s) and no case depends on how fast the machine is.
 */
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const LINT_TIMEOUT_MS = 120_000;

/** A snippet of code as if it sat at `path`. */
interface Snippet {
  path: string;
  code: string;
}

const lines = (...l: string[]) => l.join('\n') + '\n';

const SNIPPETS = {
  serviceImportsApi: {
    path: 'src/server/services/members/fixture.ts',
    code: lines("import { ok } from '../../api/errors.ts';", 'export const x = ok;'),
  },
  serviceReachesIntoDomain: {
    path: 'src/server/services/members/fixture.ts',
    code: lines(
      "import { listArticles } from '../articles/articles.ts';",
      'export const x = listArticles;',
    ),
  },
  serviceAllowed: {
    path: 'src/server/services/members/fixture.ts',
    code: lines(
      "import { cleanComment } from './comments/comments.ts';",
      "import { listArticles } from '../articles/index.ts';",
      "import { AppError } from '../../errors.ts';",
      "import type { Deps } from '../../deps.ts';",
      "import { MSG } from '../../../shared/messages.ts';",
      'export type D = Deps;',
      'export const x = [cleanComment, listArticles, AppError, MSG];',
    ),
  },
  folderReachesIntoDomain: {
    path: 'src/server/services/members/notes/fixture.ts',
    code: lines(
      "import { listArticles } from '../../articles/articles.ts';",
      "import { grantMedia } from '../../learning/media/media-grant.ts';",
      'export const x = [listArticles, grantMedia];',
    ),
  },
  folderAllowed: {
    path: 'src/server/services/members/notes/fixture.ts',
    code: lines(
      "import { cleanComment } from '../comments/comments.ts';",
      "import { MEMBERS_MSG } from '../messages.ts';",
      "import { listArticles } from '../../articles/index.ts';",
      "import { AppError } from '../../../errors.ts';",
      'export const x = [cleanComment, MEMBERS_MSG, listArticles, AppError];',
    ),
  },
  serviceReachesIntoFolder: {
    path: 'src/server/services/members/fixture.ts',
    code: lines(
      "import { grantMedia } from '../learning/media/media-grant.ts';",
      'export const x = grantMedia;',
    ),
  },
  routeReachesIntoFolder: {
    path: 'src/server/api/routes/members/fixture.ts',
    code: lines(
      "import { addComment } from '../../../services/members/comments/comments.ts';",
      'export const x = addComment;',
    ),
  },
  routeReachesIntoDomain: {
    path: 'src/server/api/routes/members/fixture.ts',
    code: lines(
      "import { addFavorite } from '../../../services/members/favorites.ts';",
      'export const x = addFavorite;',
    ),
  },
  pageReachesIntoDomain: {
    path: 'src/pages/fixture.ts',
    code: lines(
      "import { getArticle } from '../server/services/articles/articles.ts';",
      'export const x = getArticle;',
    ),
  },
  islandRunTime: {
    path: 'src/islands/members/Fixture.tsx',
    code: lines(
      "import { listComments } from '../../server/services/members/index.ts';",
      'export const x = listComments;',
    ),
  },
  islandTypes: {
    path: 'src/islands/members/Fixture.tsx',
    code: lines(
      "import type { SessionUser } from '../../server/services/accounts/index.ts';",
      'export type U = SessionUser;',
    ),
  },
  consoleRunTime: {
    path: 'src/console/sections/Fixture.tsx',
    code: lines(
      "import { COURIERS } from '../../server/providers/courier/types.ts';",
      'export const x = COURIERS;',
    ),
  },
  consoleTypes: {
    path: 'src/console/sections/Fixture.tsx',
    code: lines(
      "import type { AdminOrderRow } from '../../server/services/commerce/index.ts';",
      "import { formatPrice } from '../../shared/format.ts';",
      'export type R = AdminOrderRow;',
      'export const x = formatPrice;',
    ),
  },
  providerImportsService: {
    path: 'src/server/providers/sms/fixture.ts',
    code: lines(
      "import { sha256 } from '../../services/accounts/index.ts';",
      'export const x = sha256;',
    ),
  },
  providerAllowed: {
    path: 'src/server/providers/sms/fixture.ts',
    code: lines(
      "import { maskMobile } from '../../../shared/phone.ts';",
      "import type { Deps } from '../../deps.ts';",
      'export type D = Deps;',
      'export const x = maskMobile;',
    ),
  },
  frameworkImportsRoute: {
    path: 'src/server/api/fixture.ts',
    code: lines(
      "import { allRoutes } from './routes/index.ts';",
      "import { clientIp } from './routes/accounts/session-cookie.ts';",
      'export const x = [allRoutes, clientIp];',
    ),
  },
  compositionRoot: {
    path: 'src/server/api/app.ts',
    code: lines(
      "import { allRoutes } from './routes/index.ts';",
      "import { register } from './define.ts';",
      'export const x = [allRoutes, register];',
    ),
  },
  pageQueries: {
    path: 'src/pages/fixture.astro',
    code: lines(
      '---',
      "import { pageDeps } from '../server/page.ts';",
      'const deps = await pageDeps();',
      "const rows = await deps.db.selectFrom('users').selectAll().execute();",
      '---',
      '<p>{rows.length}</p>',
    ),
  },
  routeQueries: {
    path: 'src/server/api/routes/accounts/fixture.ts',
    code: lines(
      "import type { HandlerContext } from '../../define.ts';",
      'export async function a(ctx: HandlerContext<unknown>) {',
      "  return ctx.deps.db.selectFrom('sms_outbox').selectAll().execute();",
      '}',
      'export async function b({ deps }: HandlerContext<unknown>) {',
      '  const { db } = deps;',
      "  return db.selectFrom('orders').selectAll().execute();",
      '}',
      'export async function c({ deps: { db } }: HandlerContext<unknown>) {',
      "  return db.selectFrom('orders').selectAll().execute();",
      '}',
    ),
  },
  routeAllowed: {
    path: 'src/server/api/routes/accounts/fixture.ts',
    code: lines(
      "import type { Deps } from '../../../deps.ts';",
      "import type { HandlerContext } from '../../define.ts';",
      "export type D = Pick<Deps, 'db' | 'config'>;",
      'export function a(ctx: HandlerContext<unknown>) {',
      "  return ctx.deps.config.mode === 'demo' ? ctx.deps.clock.now() : null;",
      '}',
    ),
  },
} satisfies Record<string, Snippet>;

type Name = keyof typeof SNIPPETS;
const results = new Map<Name, Linter.LintMessage[]>();

beforeAll(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  for (const [name, { path, code }] of Object.entries(SNIPPETS) as [Name, Snippet][]) {
    const [result] = await eslint.lintText(code, { filePath: path });
    results.set(name, result?.messages ?? []);
  }
}, LINT_TIMEOUT_MS);

/** The messages of one rule for a snippet. */
function errors(name: Name, ruleId: string): string[] {
  const messages = results.get(name);
  if (!messages) throw new Error(`snippet ${name} was not linted`);
  return messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}
const importErrors = (name: Name) => errors(name, '@typescript-eslint/no-restricted-imports');
const syntaxErrors = (name: Name) => errors(name, 'no-restricted-syntax');

describe('import rules', () => {
  it('refuses a service importing the API layer', () => {
    const found = importErrors('serviceImportsApi');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('Services never import the API layer');
  });

  it("refuses a service reaching into another domain's module", () => {
    const found = importErrors('serviceReachesIntoDomain');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('Another domain is reached only through its index.ts');
  });

  it('allows a domain its own modules, other domains by index.ts, and shared code', () => {
    expect(importErrors('serviceAllowed')).toEqual([]);
  });

  it("refuses a domain's folder, or a domain, reaching into another domain's folder", () => {
    const found = importErrors('folderReachesIntoDomain');
    expect(found).toHaveLength(2);
    for (const m of found)
      expect(m).toContain('Another domain is reached only through its index.ts');
    expect(importErrors('serviceReachesIntoFolder')).toHaveLength(1);
    expect(importErrors('folderAllowed')).toEqual([]);
  });

  it("refuses a route importing a module in a domain's folder", () => {
    const found = importErrors('routeReachesIntoFolder');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("imports only that domain's index.ts");
  });

  it("refuses a route importing a domain's inner module", () => {
    const found = importErrors('routeReachesIntoDomain');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("imports only that domain's index.ts");
  });

  it('refuses a page importing a domain inner module', () => {
    expect(importErrors('pageReachesIntoDomain')).toHaveLength(1);
  });

  it('refuses an island importing server code at run time, allows `import type`', () => {
    const wrong = importErrors('islandRunTime');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toContain('Islands import server code only with `import type`');
    expect(importErrors('islandTypes')).toEqual([]);
  });

  it('refuses the console importing server code at run time, allows `import type`', () => {
    const wrong = importErrors('consoleRunTime');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toContain('The console imports server code only with `import type`');
    expect(importErrors('consoleTypes')).toEqual([]);
  });

  it('refuses a provider importing a service, allows shared code', () => {
    const wrong = importErrors('providerImportsService');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toContain('Providers never import services');
    expect(importErrors('providerAllowed')).toEqual([]);
  });

  it('refuses the API framework importing route files; app.ts, the composition root, may', () => {
    const wrong = importErrors('frameworkImportsRoute');
    expect(wrong).toHaveLength(2);
    for (const m of wrong) expect(m).toContain('The API framework never imports route files');
    expect(importErrors('compositionRoot')).toEqual([]);
  });

  it('refuses a page or a route touching deps.db, in each shape it is written', () => {
    expect(syntaxErrors('pageQueries')).toHaveLength(1);
    const route = syntaxErrors('routeQueries');
    expect(route).toHaveLength(3);
    for (const m of [...route, ...syntaxErrors('pageQueries')])
      expect(m).toContain('Pages and routes never touch deps.db');
    expect(syntaxErrors('routeAllowed')).toEqual([]);
  });
});
