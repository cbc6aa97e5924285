/** Partner companies and their technical zones (spec 3: company, companyList, companyStastics). */
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';

export interface CompanyView {
  id: number;
  name: string;
  domain: string;
  logo: string | null;
  description: string;
  featured: boolean;
  loginImageUrl: string | null;
}

const cols = [
  'id',
  'name',
  'domain',
  'logo',
  'description',
  'featured',
  'login_image_url',
] as const;

function view(r: {
  id: number;
  name: string;
  domain: string;
  logo: string | null;
  description: string;
  featured: number;
  login_image_url: string | null;
}): CompanyView {
  return {
    id: r.id,
    name: r.name,
    domain: r.domain,
    logo: r.logo,
    description: r.description,
    featured: r.featured === 1,
    loginImageUrl: r.login_image_url,
  };
}

export async function listCompanies(
  deps: Pick<Deps, 'db'>,
  opts: { featuredOnly?: boolean } = {},
): Promise<CompanyView[]> {
  let q = deps.db.selectFrom('companies').select(cols).orderBy('display_order').orderBy('id');
  if (opts.featuredOnly) q = q.where('featured', '=', 1);
  return (await q.execute()).map(view);
}

export async function getCompany(
  deps: Pick<Deps, 'db'>,
  by: { id?: number; domain?: string },
): Promise<CompanyView | null> {
  let q = deps.db.selectFrom('companies').select(cols);
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  else if (by.domain) q = q.where('domain', '=', by.domain.toLowerCase());
  else return null;
  const row = await q.executeTakeFirst();
  return row ? view(row) : null;
}

export interface CompanyStatistics {
  companyCount: number;
  articleCount: number;
  courseCount: number;
  liveCount: number;
  resourceCount: number;
}

/** Counts for one company's zone, or for the whole platform when no id is given. */
export async function companyStatistics(
  deps: Pick<Deps, 'db'>,
  companyId?: number,
): Promise<CompanyStatistics> {
  const count = sql<number>`count(*)`.as('n');
  const n = async (q: Promise<{ n: number | string } | undefined>) => Number((await q)?.n ?? 0);
  const byCompany = companyId !== undefined;
  const [companyCount, articleCount, courseCount, liveCount, resourceCount] = await Promise.all([
    n(
      deps.db
        .selectFrom('companies')
        .select(count)
        .$if(byCompany, (q) => q.where('id', '=', companyId!))
        .executeTakeFirst(),
    ),
    n(
      deps.db
        .selectFrom('articles')
        .select(count)
        .where('status', '=', 'published')
        .$if(byCompany, (q) => q.where('company_id', '=', companyId!))
        .executeTakeFirst(),
    ),
    n(
      deps.db
        .selectFrom('courses')
        .select(count)
        .where('published', '=', 1)
        .$if(byCompany, (q) => q.where('company_id', '=', companyId!))
        .executeTakeFirst(),
    ),
    n(
      deps.db
        .selectFrom('live_broadcasts')
        .select(count)
        .$if(byCompany, (q) => q.where('company_id', '=', companyId!))
        .executeTakeFirst(),
    ),
    n(
      deps.db
        .selectFrom('resources')
        .select(count)
        .$if(byCompany, (q) => q.where('company_id', '=', companyId!))
        .executeTakeFirst(),
    ),
  ]);
  return { companyCount, articleCount, courseCount, liveCount, resourceCount };
}
