/**
 * The import rules of issue 10, proven on deliberately wrong imports: ESLint
 * lints each snippet as if it sat at the given path in the tree, with the
 * project's own configuration.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The restricted-import messages ESLint reports for `code` placed at `filePath`. */
async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('import rules', () => {
  it('refuses a service importing the API layer', async () => {
    const errors = await importErrors(
      'src/server/services/members/fixture.ts',
      "import { ok } from '../../api/errors.ts';\nexport const x = ok;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Services never import the API layer');
  });

  it("refuses a service reaching into another domain's module", async () => {
    const errors = await importErrors(
      'src/server/services/members/fixture.ts',
      "import { listArticles } from '../catalogue/articles.ts';\nexport const x = listArticles;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Another domain is reached only through its index.ts');
  });

  it('allows a domain its own modules, other domains by index.ts, and shared code', async () => {
    const errors = await importErrors(
      'src/server/services/members/fixture.ts',
      [
        "import { cleanComment } from './comments.ts';",
        "import { listArticles } from '../catalogue/index.ts';",
        "import { AppError } from '../../errors.ts';",
        "import type { Deps } from '../../deps.ts';",
        "import { MSG } from '../../../shared/messages.ts';",
        'export type D = Deps;',
        'export const x = [cleanComment, listArticles, AppError, MSG];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it("refuses a route importing a domain's inner module", async () => {
    const errors = await importErrors(
      'src/server/api/routes/members/fixture.ts',
      "import { addComment } from '../../../services/members/comments.ts';\nexport const x = addComment;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("imports only that domain's index.ts");
  });

  it('refuses a page importing a domain inner module', async () => {
    const errors = await importErrors(
      'src/pages/fixture.ts',
      "import { getArticle } from '../server/services/catalogue/articles.ts';\nexport const x = getArticle;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses an island importing server code at run time, allows `import type`', async () => {
    const wrong = await importErrors(
      'src/islands/members/Fixture.tsx',
      "import { listComments } from '../../server/services/members/index.ts';\nexport const x = listComments;\n",
    );
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toContain('Islands import server code only with `import type`');
    const typed = await importErrors(
      'src/islands/members/Fixture.tsx',
      "import type { SessionUser } from '../../server/services/accounts/index.ts';\nexport type U = SessionUser;\n",
    );
    expect(typed).toEqual([]);
  });
});
