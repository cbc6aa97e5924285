/**
 * What the user centre's tabs show of the member's own data (spec 2:
 * /usercenter children). Every query is scoped to the member's id.
 */
import type { Deps } from '../deps.ts';
import { deliveryOf, type Delivery } from './delivery.ts';

type D = Pick<Deps, 'db'>;

export interface ReservationItem {
  liveId: number;
  title: string;
  startAt: string;
  endAt: string;
  reservedAt: string;
}

export async function listReservations(deps: D, userId: number): Promise<ReservationItem[]> {
  const rows = await deps.db
    .selectFrom('live_reservations as r')
    .innerJoin('live_broadcasts as l', 'l.id', 'r.live_id')
    .select(['l.id', 'l.title', 'l.start_at', 'l.end_at', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('l.start_at', 'desc')
    .execute();
  return rows.map((r) => ({
    liveId: r.id,
    title: r.title,
    startAt: r.start_at,
    endAt: r.end_at,
    reservedAt: r.created_at,
  }));
}

export async function listSubscribedColumns(
  deps: D,
  userId: number,
): Promise<{ id: number; name: string; description: string }[]> {
  return deps.db
    .selectFrom('subscriptions as s')
    .innerJoin('classifies as c', 'c.id', 's.classify_id')
    .select(['c.id', 'c.name', 'c.description'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .execute();
}

export interface FavoriteItem {
  targetType: string;
  targetId: number;
  title: string;
  createdAt: string;
}

/** The member's favourites of every kind, newest first, with each item's title. */
export async function listFavorites(deps: D, userId: number): Promise<FavoriteItem[]> {
  const favs = await deps.db
    .selectFrom('favorites')
    .select(['target_type', 'target_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const ids = (type: string) => favs.filter((f) => f.target_type === type).map((f) => f.target_id);
  const titles = new Map<string, string>();
  const load = async (
    type: string,
    table: 'articles' | 'courses' | 'live_broadcasts' | 'videos' | 'short_videos',
  ) => {
    const wanted = ids(type);
    if (wanted.length === 0) return;
    const rows = await deps.db
      .selectFrom(table)
      .select(['id', 'title'])
      .where('id', 'in', wanted)
      .execute();
    for (const r of rows) titles.set(`${type}:${r.id}`, r.title);
  };
  await Promise.all([
    load('article', 'articles'),
    load('course', 'courses'),
    load('live', 'live_broadcasts'),
    load('video', 'videos'),
    load('shortvideo', 'short_videos'),
  ]);
  return favs
    .filter((f) => titles.has(`${f.target_type}:${f.target_id}`))
    .map((f) => ({
      targetType: f.target_type,
      targetId: f.target_id,
      title: titles.get(`${f.target_type}:${f.target_id}`)!,
      createdAt: f.created_at,
    }));
}

export async function listCompletions(deps: D, userId: number) {
  return deps.db
    .selectFrom('completions as k')
    .innerJoin('courses as c', 'c.id', 'k.course_id')
    .select(['c.id as courseId', 'c.title', 'k.kind', 'k.score', 'k.completed_at as completedAt'])
    .where('k.user_id', '=', userId)
    .orderBy('k.completed_at', 'desc')
    .execute();
}

/** Notices addressed to everyone or to this member, minus the ones the member deleted. */
export async function listMemberNotices(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  return deps.db
    .selectFrom('notices as n')
    .innerJoin('notice_categories as c', 'c.id', 'n.category_id')
    .leftJoin('notice_receipts as r', (j) =>
      j.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', userId),
    )
    .select([
      'n.id',
      'n.title',
      'c.name as categoryName',
      'n.published_at as publishedAt',
      'r.read_at as readAt',
    ])
    .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', userId)]))
    .where('n.published_at', '<=', deps.clock.now().toISOString())
    .where('r.deleted_at', 'is', null)
    .orderBy('n.published_at', 'desc')
    .execute();
}

export async function listOwnArticles(deps: D, userId: number) {
  return deps.db
    .selectFrom('articles')
    .select(['id', 'title', 'status', 'created_at as createdAt', 'published_at as publishedAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export interface OrderItem extends Delivery {
  id: number;
  orderNo: string;
  title: string;
  courseId: number;
  amountCents: number;
  status: number;
  createdAt: string;
  expressName: string | null;
  expressNumber: string | null;
}

export async function listOrders(deps: D, userId: number): Promise<OrderItem[]> {
  const rows = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((o) => ({
    id: o.id,
    orderNo: o.order_no,
    title: o.title,
    courseId: o.course_id,
    amountCents: o.amount_cents,
    status: o.status,
    createdAt: o.created_at,
    expressName: o.express_name,
    expressNumber: o.express_number,
    ...deliveryOf({
      status: o.status,
      expressName: o.express_name,
      expressNumber: o.express_number,
    }),
  }));
}

export async function listPayRecords(deps: D, userId: number) {
  const rows = await deps.db
    .selectFrom('pay_records as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'o.order_no as orderNo',
      'o.title',
      'p.provider',
      'p.amount_cents as amountCents',
      'p.status',
      'p.created_at as createdAt',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.created_at', 'desc')
    .execute();
  const total = rows.filter((r) => r.status === 'success').reduce((s, r) => s + r.amountCents, 0);
  return { list: rows, total };
}

export async function listRedemptions(deps: D, userId: number) {
  return deps.db
    .selectFrom('redemption_codes as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .select(['r.code', 'c.id as courseId', 'c.title', 'r.used_at as usedAt'])
    .where('r.used_by', '=', userId)
    .orderBy('r.used_at', 'desc')
    .execute();
}
