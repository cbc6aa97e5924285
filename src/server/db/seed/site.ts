/**
 * Notices (with a pop-up one and a personal one for member 1), downloadable
 * resources and learning tools.
 */
import { LEARNING_TOOLS, NOTICES, NOTICE_CATEGORIES, RESOURCES } from './content/site.ts';
import type { SeededCompany } from './companies.ts';
import {
  nth,
  insertReturningIds,
  insertRows,
  intBetween,
  mulberry32,
  shift,
  type SeedContext,
} from './util.ts';
import { resourceType } from '../../services/courses/index.ts';
import type { FileStore } from '../../providers/registry.ts';
import { resourceFile } from './content/resource-files.ts';

export async function seedNotices(ctx: SeedContext, member1Id: number): Promise<number[]> {
  const categoryIds = await insertReturningIds(
    ctx,
    'notice_categories',
    'name',
    NOTICE_CATEGORIES.map((name, i) => ({ name, display_order: i + 1 })),
  );
  const rows = NOTICES.map((n, i) => {
    const at = shift(ctx.now, { days: -n.daysAgo, hours: -(i % 5) - 1 });
    return {
      category_id: nth(categoryIds, NOTICE_CATEGORIES.indexOf(n.category)),
      title: n.title,
      content: n.paragraphs.map((p) => `<p>${p}</p>`).join('\n'),
      popup: n.popup ? 1 : 0,
      user_id: n.forMember1 ? member1Id : null,
      published_at: at,
      created_at: at,
    };
  });
  const noticeIds = await insertReturningIds(ctx, 'notices', 'title', rows);

  // Member 1 has read the older notices and already seen the pop-up.
  const receipts = rows
    .map((r, i) => ({ r, id: nth(noticeIds, i), n: NOTICES[i] }))
    .filter(({ n }) => n !== undefined && (n.popup || n.daysAgo >= 9))
    .map(({ r, id }) => ({
      notice_id: id,
      user_id: member1Id,
      read_at: shift(new Date(r.published_at), { hours: 6 }),
      popup_shown_at: r.popup ? shift(new Date(r.published_at), { hours: 2 }) : null,
      deleted_at: null,
    }));
  await insertRows(ctx, 'notice_receipts', receipts);
  return noticeIds;
}

/** The resources with their real files (content/resource-files.ts), listed with their real sizes. */
export async function seedResources(ctx: SeedContext, companies: SeededCompany[]): Promise<void> {
  const rand = mulberry32(12);
  // The files themselves go to the resource store at start (storeDemoResourceFiles).
  const files = RESOURCES.map((r) => resourceFile(r));
  await insertRows(
    ctx,
    'resources',
    RESOURCES.map((r, i) => ({
      title: r.title,
      summary: r.summary,
      file_type: r.fileType,
      file_size: files[i]!.bytes.length,
      file_url: `/downloads/${files[i]!.name}`,
      download_count: intBetween(rand, 120, 6000),
      company_id: r.company === undefined ? null : (companies[r.company]?.id ?? null),
      created_at: shift(ctx.now, { days: -(80 - i * 6), hours: -3 }),
    })),
  );
}

export async function seedLearningTools(ctx: SeedContext): Promise<void> {
  await insertRows(
    ctx,
    'learning_tools',
    LEARNING_TOOLS.map((t, i) => ({
      name: t.name,
      description: t.description,
      url: t.url,
      icon: t.icon,
      category: t.category,
      display_order: i + 1,
    })),
  );
}

/**
 * Puts the demo resources' files into the resource store (disk or bucket)
 * where they are missing or of another size (an older seed's); answers how many
 * it wrote. Run at start in demo mode, so a bucket configured later gets them too.
 */
export async function storeDemoResourceFiles(store: FileStore): Promise<number> {
  let written = 0;
  for (const r of RESOURCES) {
    const f = resourceFile(r);
    // A file left by an older seed whose content has changed since is replaced.
    const stored = await store.open(f.name);
    if (stored) {
      await stored.body.cancel();
      if (stored.size === f.bytes.length) continue;
    }
    await store.put(f.name, f.bytes, resourceType(f.name));
    written++;
  }
  return written;
}

/** The review word list of 评论管理: comments with one of these wait for a moderator. */
export async function seedModerationWords(ctx: SeedContext): Promise<void> {
  await insertRows(
    ctx,
    'moderation_words',
    ['刷单返利', '网络赌博', '加微信领取'].map((word) => ({
      word,
      created_at: shift(ctx.now, { days: -30 }),
    })),
  );
}
