/**
 * The demo admin's publishing of the seeded ads and site-wide notices, as the
 * console's audit log records such changes (issue 12: 操作日志 has entries
 * on a fresh demo): the create route, the row after, no row before. Only
 * things the seed really created are listed, at the time they were created.
 */
import { insertRows, type Row, type SeedContext } from './util.ts';

export async function seedAuditTrail(ctx: SeedContext, adminId: number): Promise<void> {
  const [ads, notices] = await Promise.all([
    ctx.db.selectFrom('roll_images').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('notices').selectAll().where('user_id', 'is', null).orderBy('id').execute(),
  ]);
  const entry = (
    action: string,
    target: 'ad' | 'notice',
    row: { id: number; title: string },
    at: string,
  ): Row<'admin_audit'> => ({
    user_id: adminId,
    role: 'admin',
    action,
    target_type: target,
    target_id: row.id,
    detail: JSON.stringify({ title: row.title }),
    before: null,
    after: JSON.stringify(row),
    ip: '127.0.0.1',
    created_at: at,
  });
  const rows = [
    ...ads.map((a) => entry('/api/admin/ad/create', 'ad', a, a.created_at)),
    ...notices.map((n) => entry('/api/admin/notice/create', 'notice', n, n.created_at)),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));
  await insertRows(ctx, 'admin_audit', rows);
}
