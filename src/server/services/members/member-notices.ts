/**
 * Notices as one member sees them (spec 2: /notification, /notificationdetail;
 * spec 7: /api/notice/qryUserNotice, /api/notice/delete): notices for everyone
 * plus the member's personal ones, minus those the member deleted. The pop-up
 * shows each notice once per member.
 */
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import {
  NOTICE_SUMMARY_COLUMNS,
  toNoticeSummary,
  type NoticeDetail,
  type NoticeSummary,
} from '../site/index.ts';
import { listPage, type Paged, type PageInput, sanitizeRichText } from '../lib/index.ts';
import { stampReceipt } from './notice-receipts.ts';

type D = Pick<Deps, 'db' | 'clock'>;

/** Published notices this member may see and has not deleted. */
function visibleTo(deps: D, userId: number) {
  return deps.db
    .selectFrom('notices as n')
    .innerJoin('notice_categories as c', 'c.id', 'n.category_id')
    .leftJoin('notice_receipts as r', (j) =>
      j.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', userId),
    )
    .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', userId)]))
    .where('n.published_at', '<=', iso(deps.clock.now()))
    .where('r.deleted_at', 'is', null);
}

export interface MemberNotice extends NoticeSummary {
  read: boolean;
  personal: boolean;
}

/** The member's notices, newest first, optionally of one category. */
export async function listNoticesFor(
  deps: D,
  userId: number,
  opts: PageInput & { categoryId?: number },
): Promise<Paged<MemberNotice>> {
  const base = visibleTo(deps, userId).$if(opts.categoryId !== undefined, (q) =>
    q.where('n.category_id', '=', opts.categoryId!),
  );
  return listPage(
    base,
    (q) =>
      q
        .select([...NOTICE_SUMMARY_COLUMNS, 'n.user_id', 'r.read_at'])
        .orderBy('n.published_at', 'desc')
        .orderBy('n.id', 'desc'),
    (r) => ({
      ...toNoticeSummary(r),
      read: r.read_at !== null && r.read_at !== undefined,
      personal: r.user_id !== null,
    }),
    opts,
  );
}

/** One notice the member may see, with its body cleaned to the allowlist; null otherwise. */
export async function getNoticeFor(
  deps: D,
  userId: number,
  id: number,
): Promise<NoticeDetail | null> {
  const r = await visibleTo(deps, userId)
    .select([...NOTICE_SUMMARY_COLUMNS, 'n.content'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  return r ? { ...toNoticeSummary(r), content: sanitizeRichText(r.content) } : null;
}

/**
 * The pop-up notices this member has not acknowledged yet (GET /api/notice/qryUserNotice). A
 * read only: asking again, or from a second tab, shows the same ones until the member closes
 * each with 我知道了 (markPopupSeen), so a notice taken by a tab nobody looked at is not lost.
 */
export async function listPopupNotices(
  deps: D,
  userId: number,
): Promise<{ notices: { id: number; title: string; content: string }[] }> {
  const rows = await visibleTo(deps, userId)
    .select(['n.id', 'n.title', 'n.content'])
    .where('n.popup', '=', 1)
    .where('r.popup_shown_at', 'is', null)
    .orderBy('n.published_at', 'desc')
    .limit(5)
    .execute();
  return {
    notices: rows.map((n) => ({ id: n.id, title: n.title, content: sanitizeRichText(n.content) })),
  };
}

/**
 * The member closed a pop-up notice (POST /api/notice/popup/seen): it pops up no more. One
 * atomic claim of the receipt; closing it twice, or in two tabs, is the same. A notice the
 * member cannot see is "not found".
 */
export async function markPopupSeen(deps: D, userId: number, id: number): Promise<void> {
  const seen = await visibleTo(deps, userId)
    .select('n.id')
    .where('n.id', '=', id)
    .where('n.popup', '=', 1)
    .executeTakeFirst();
  if (!seen) throw AppError.notFound();
  await stampReceipt(deps, userId, id, 'popup_shown_at');
}

/** Hides a notice from this member's lists; a notice they cannot see is "not found". */
export async function deleteNoticeFor(deps: D, userId: number, id: number): Promise<void> {
  const seen = await visibleTo(deps, userId)
    .select('n.id')
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!seen) throw AppError.notFound();
  await stampReceipt(deps, userId, id, 'deleted_at');
}
