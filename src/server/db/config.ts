/**
 * Which database to use, from DATABASE_URL (see docs/configuration.md):
 * unset → a SQLite file under ./data/; `file:/path.db` → that SQLite file;
 * `postgres://…` → PostgreSQL.
 */
export type DbConfig =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };

/** parseDatabaseUrl(undefined) → { kind: 'sqlite', file: 'data/xinxuetang.db' } */
export function parseDatabaseUrl(
  url: string | undefined,
  defaultFile = 'data/xinxuetang.db',
): DbConfig {
  if (!url) return { kind: 'sqlite', file: defaultFile };
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new Error('DATABASE_URL "file:" needs a path, e.g. file:/var/lib/xxt/site.db');
    return { kind: 'sqlite', file };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    parsed.searchParams.delete('schema');
    return { kind: 'postgres', url: parsed.toString(), schema };
  }
  throw new Error(
    `DATABASE_URL must be unset, file:/path/to/db.sqlite or postgres://…; got "${url.split(':')[0]}:…"`,
  );
}
