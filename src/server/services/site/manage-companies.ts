/**
 * Partner companies and their technical zones, for admins (issue 12): name,
 * the zone's own domain, logo, description, the login image of the zone's
 * login dialog, featured in the footer, order in the header's 技术专区 menu.
 * The menu and the footer are on every page, so each change drops the whole
 * page cache (SITE_TAG); a deleted company's content stays on the main site
 * (its company_id is set null by the foreign keys).
 */
import { SITE_TAG } from '../../cache/tags.ts';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { commitChange, isUniqueViolation } from '../lib/index.ts';
import { SITE_MSG } from './messages.ts';

export interface CompanyInput {
  name: string;
  /** The zone's host name, lower case ('hengtuo-power.example.com'). */
  domain: string;
  logo?: string | null;
  description?: string;
  loginImageUrl?: string | null;
  featured?: boolean;
  displayOrder?: number;
}

/** Every company in menu order, with how much content its zone lists. */
export async function listAdminCompanies(deps: Pick<Deps, 'db'>) {
  const count = (table: 'articles' | 'courses' | 'live_broadcasts' | 'resources') =>
    deps.db
      .selectFrom(table)
      .select((eb) => ['company_id', eb.fn.countAll<number>().as('n')])
      .where('company_id', 'is not', null)
      .groupBy('company_id')
      .execute();
  const [rows, ...counts] = await Promise.all([
    deps.db.selectFrom('companies').selectAll().orderBy('display_order').orderBy('id').execute(),
    count('articles'),
    count('courses'),
    count('live_broadcasts'),
    count('resources'),
  ]);
  const contentOf = (id: number) =>
    counts.reduce((sum, list) => sum + Number(list.find((c) => c.company_id === id)?.n ?? 0), 0);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    domain: c.domain,
    logo: c.logo,
    description: c.description,
    loginImageUrl: c.login_image_url,
    featured: c.featured === 1,
    displayOrder: c.display_order,
    content: contentOf(c.id),
  }));
}

/** Refuses a domain another company's zone has (the unique index decides under races). */
async function checkDomain(trx: Database, domain: string | undefined, id?: number) {
  if (domain === undefined) return;
  const other = await trx
    .selectFrom('companies')
    .select('id')
    .where('domain', '=', domain)
    .$if(id !== undefined, (q) => q.where('id', '!=', id!))
    .executeTakeFirst();
  if (other) throw new AppError(409, SITE_MSG.company.domainTaken);
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // The domain is the table's one unique column besides the id.
    if (isUniqueViolation(err)) throw new AppError(409, SITE_MSG.company.domainTaken);
    throw err;
  }
}

export async function createCompany(deps: Deps, input: CompanyInput): Promise<{ id: number }> {
  return guarded(() =>
    commitChange(deps, async (trx) => {
      await checkDomain(trx, input.domain);
      const row = await trx
        .insertInto('companies')
        .values({
          name: input.name,
          domain: input.domain,
          logo: input.logo ?? null,
          description: input.description ?? '',
          login_image_url: input.loginImageUrl ?? null,
          featured: input.featured ? 1 : 0,
          display_order: input.displayOrder ?? 0,
          created_at: iso(deps.clock.now()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { value: { id: row.id }, tags: [SITE_TAG] };
    }),
  );
}

export async function updateCompany(
  deps: Deps,
  id: number,
  input: Partial<CompanyInput>,
): Promise<{ id: number }> {
  return guarded(() =>
    commitChange(deps, async (trx) => {
      await checkDomain(trx, input.domain, id);
      const done = await trx
        .updateTable('companies')
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.domain !== undefined && { domain: input.domain }),
          ...(input.logo !== undefined && { logo: input.logo }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.loginImageUrl !== undefined && { login_image_url: input.loginImageUrl }),
          ...(input.featured !== undefined && { featured: input.featured ? 1 : 0 }),
          ...(input.displayOrder !== undefined && { display_order: input.displayOrder }),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw AppError.notFound(SITE_MSG.company.missing);
      return { value: { id }, tags: [SITE_TAG] };
    }),
  );
}

export async function deleteCompany(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const done = await trx.deleteFrom('companies').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(SITE_MSG.company.missing);
    return { value: { id }, tags: [SITE_TAG] };
  });
}
