/**
 * Article classifies (top + second level) and the demo articles, published
 * over the 90 days before `now`.
 */
import { EXTRAS, type Block } from './content/article-blocks.ts';
import { ARTICLE_SECTIONS } from './content/article-sections.ts';
import { ARTICLE_CLASSIFIES, type ArticleData } from './content/articles.ts';
import type { SeededCompany } from './companies.ts';
import {
  nth,
  insertReturningIds,
  insertRows,
  intBetween,
  mulberry32,
  pick,
  shift,
  type Row,
  type SeedContext,
} from './util.ts';
import { demoCoverUrl } from './content/covers.ts';

export interface SeededArticle {
  id: number;
  title: string;
  publishedAt: string;
}

/** Editorial bylines, cycled over the articles. */
const AUTHORS = [
  '芯学堂编辑部',
  '刘建国',
  '赵明辉',
  '周文涛',
  '黄立军',
  '孙雅琪',
  '吴佳',
  '何振宇',
  '陈立新',
];
const POINTS_HEADINGS = ['要点速览', '本文要点', '核心结论', '设计要点'];
/** Partner (index into the seeded companies) whose engineers write for each top classify. */
const PARTNER_BY_CLASSIFY = [0, 2, 1, 3, 4, 5];
/** Days over which the articles' publication times are spread. */
const SPREAD_DAYS = 89;

function block(key: string, table: Record<string, Block>): Block {
  const b = table[key];
  if (!b) throw new Error(`seed: unknown article block ${key}`);
  return b;
}

function section(b: Block, part: string): string {
  return `<h2>${b.heading}</h2>\n${b.html.replaceAll('{part}', part)}`;
}

/** The HTML body of one article: lead, key points, optional code/table, two field blocks, closing. */
export function composeBody(a: ArticleData, n: number): string {
  const own = ARTICLE_SECTIONS[a.title];
  if (!own) throw new Error(`seed: no sections written for the article ${a.title}`);
  const parts = [
    `<p>${a.summary}${a.lead}</p>`,
    `<h2>${pick(POINTS_HEADINGS, n)}</h2>\n<ul>${a.points.map((p) => `<li>${p}</li>`).join('')}</ul>`,
  ];
  if (a.extra) parts.push(section(block(a.extra, EXTRAS), a.part));
  // The rest is written for this article alone (content/article-sections.ts).
  for (const s of own)
    parts.push(`<h2>${s.heading}</h2>\n${s.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}`);
  return parts.join('\n');
}

async function seedArticleClassifies(
  ctx: SeedContext,
): Promise<{ top: number[]; second: number[][] }> {
  const top = await insertReturningIds(
    ctx,
    'article_classifies',
    'name',
    ARTICLE_CLASSIFIES.map((c, i) => ({ parent_id: null, name: c.name, display_order: i + 1 })),
  );
  const rows = ARTICLE_CLASSIFIES.flatMap((c, ci) =>
    c.seconds.map((name, si) => ({ parent_id: nth(top, ci), name, display_order: si + 1 })),
  );
  const flat = await insertReturningIds(ctx, 'article_classifies', 'name', rows);
  let k = 0;
  const second = ARTICLE_CLASSIFIES.map((c) => c.seconds.map(() => nth(flat, k++)));
  return { top, second };
}

export interface ArticleAuthor {
  /** Title of the demo article this member wrote. */
  title: string;
  userId: number;
  name: string;
  /** IP 属地 shown with the member's articles. */
  region: string;
}

export async function seedArticles(
  ctx: SeedContext,
  companies: SeededCompany[],
  member: ArticleAuthor,
): Promise<SeededArticle[]> {
  const { top, second } = await seedArticleClassifies(ctx);
  const all = ARTICLE_CLASSIFIES.flatMap((c, ci) => c.articles.map((a, ai) => ({ a, ci, ai })));
  if (!all.some(({ a }) => a.title === member.title))
    throw new Error(`seed: no article titled ${member.title}`);
  const rand = mulberry32(90);
  const rows: Row<'articles'>[] = all.map(({ a, ci, ai }, g) => {
    // 37 is coprime with the article count, so this spreads classifies evenly over time.
    const slot = (g * 37) % all.length;
    const published = shift(ctx.now, {
      minutes: -Math.round(((slot + 0.5) * SPREAD_DAYS * 1440) / all.length),
    });
    const byMember = a.title === member.title;
    const partner =
      !byMember && ai % 4 === 3 ? companies[pick(PARTNER_BY_CLASSIFY, ci)] : undefined;
    const views = intBetween(rand, 300, 20000);
    return {
      classify_id: nth(top, ci),
      second_classify_id: nth(second[ci] ?? [], a.second),
      title: a.title,
      summary: a.summary,
      content: composeBody(a, g),
      cover: demoCoverUrl(`article-${g + 1}`),
      author_name: byMember ? member.name : partner ? `${partner.name}技术团队` : pick(AUTHORS, g),
      user_id: byMember ? member.userId : null,
      ip_region: byMember ? member.region : null,
      company_id: partner?.id ?? null,
      status: 'published' as const,
      recommended: g % 5 === 0 ? 1 : 0,
      view_count: views,
      laud_count: Math.floor(views / intBetween(rand, 15, 45)),
      source: byMember ? null : partner ? partner.name : '芯学堂原创',
      published_at: published,
      created_at: shift(new Date(published), { days: -1, hours: -3 }),
      updated_at: published,
    };
  });
  const ids = await insertReturningIds(ctx, 'articles', 'title', rows);

  // A member's submission still waiting for review (shown under 我的发布).
  const submitted = shift(ctx.now, { days: -1, hours: -5 });
  await insertRows(ctx, 'articles', [
    {
      classify_id: nth(top, 1),
      second_classify_id: nth(second[1] ?? [], 1),
      title: '记一次 DC-DC 电感啸叫问题的排查',
      summary:
        '一块 12 V 转 3.3 V 的电源板在轻载时发出明显啸叫，最终定位为跳脉冲模式下的音频段开关频率。',
      content:
        '<p>最近调试一块 12 V 转 3.3 V 的电源板，轻载时能听到明显的“吱吱”声。用示波器观察开关节点，发现芯片在轻载时进入跳脉冲模式，脉冲群的重复频率落在 2–8 kHz 的音频范围内，电感和陶瓷电容在这个频率下产生了机械振动。</p>' +
        '<h2>排查过程</h2><ul><li>空载与满载均无声音，只在 20–80 mA 负载时出现</li><li>更换屏蔽电感后声音减弱但未消失</li><li>将芯片模式引脚配置为强制 PWM 后啸叫消失</li></ul>' +
        '<h2>结论</h2><p>强制 PWM 会牺牲一部分轻载效率，最终我们选择了支持超声模式的型号，让轻载时的最低开关频率保持在 25 kHz 以上，兼顾了效率与噪声。</p>',
      cover: demoCoverUrl('article-member'),
      author_name: member.name,
      user_id: member.userId,
      ip_region: member.region,
      company_id: null,
      status: 'pending',
      recommended: 0,
      source: null,
      published_at: null,
      created_at: submitted,
      updated_at: submitted,
    },
  ]);
  return all.map(({ a }, i) => ({
    id: nth(ids, i),
    title: a.title,
    publishedAt: rows[i]?.published_at ?? '',
  }));
}
