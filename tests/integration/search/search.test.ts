/**
 * Site search through the real app and a seeded database: short Chinese
 * queries, part numbers in any case, ranking, type filters and counts that
 * match a brute-force scan, updates through reindexDocument, escaping, and
 * proof that the query goes through the index rather than a table scan.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foldText,
  loadSources,
  matchingDocuments,
  parseQuery,
  rebuildSearchIndex,
  reindexDocument,
  removeDocument,
  SEARCH_TYPES,
  type SearchHit,
  type SearchResult,
  textGrams,
} from '../../../src/server/services/search/index.ts';

import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const isPg = () => rt.deps.config.database.kind === 'postgres';

async function find(word: string, extra = ''): Promise<SearchResult> {
  const { body } = await rt.get<SearchResult>(
    `/api/index/search?word=${encodeURIComponent(word)}${extra}`,
  );
  expect(body.code).toBe(200);
  return body.data;
}

/** What a full scan of every public item finds: the yardstick for the index. */
async function bruteForce(word: string): Promise<Record<string, number>> {
  const terms = parseQuery(word);
  const now = rt.clock.now().toISOString();
  const counts: Record<string, number> = {};
  for (const type of SEARCH_TYPES) {
    const docs = (await loadSources(rt.db, type)).filter((d) => d.publishedAt <= now);
    counts[type] = docs.filter((d) => {
      const text = foldText(`${d.title}\n${d.topic}\n${d.body}`);
      const grams = new Set(textGrams(`${d.title}\n${d.topic}\n${d.body}`));
      return terms.every((t) => (t.long ? text.includes(t.needle) : grams.has(t.needle)));
    }).length;
  }
  return counts;
}

function titleMatched(hit: SearchHit): boolean {
  return hit.titleHtml.includes('<mark>');
}

describe('search matching', () => {
  it.each(['阻', '电源', '定时器', 'stm32f103', 'LM317', 'esp32 低功耗', 'CAN', 'rs-485'])(
    'finds for %s exactly what a full scan finds',
    async (word) => {
      const data = await find(word);
      const expected = await bruteForce(word);
      expect(data.counts).toEqual(expected);
      expect(data.total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
      expect(data.total).toBeGreaterThan(0);
    },
  );

  it('matches a one-character Chinese query and highlights it', async () => {
    const data = await find('阻', '&size=5');
    expect(data.list).toHaveLength(5);
    for (const hit of data.list)
      expect(hit.titleHtml + hit.snippetHtml).toContain('<mark>阻</mark>');
  });

  it('matches a two-character query in titles and bodies, titles first', async () => {
    const data = await find('电源', '&size=50');
    expect(data.list.length).toBeGreaterThan(5);
    const flags = data.list.map(titleMatched);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(flags[0]).toBe(true);
    expect(flags.at(-1)).toBe(false);
  });

  it('matches part numbers in any case and ranks title matches, newest first', async () => {
    const lower = await find('stm32f103');
    const upper = await find('STM32F103');
    expect(lower.list).toEqual(upper.list);
    const first = lower.list[0]!;
    expect(first.titleHtml).toContain('<mark>STM32F103</mark>');
    const inTitle = lower.list.filter(titleMatched);
    const dates = inTitle.map((h) => h.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const lm = await find('LM317');
    expect(lm.list[0]).toMatchObject({
      type: 'article',
      typeName: '文章',
      title: 'LM317 可调稳压电路设计与散热计算',
    });
    expect(lm.list[0]!.url).toBe(`/article/${lm.list[0]!.id}`);
    expect(lm.list[0]!.titleHtml).toBe('<mark>LM317</mark> 可调稳压电路设计与散热计算');
  });

  it('answers every hit field and the url of its kind', async () => {
    const data = await find('STM32');
    expect(Object.keys(data).sort()).toEqual([
      'count',
      'counts',
      'featured',
      'list',
      'page',
      'size',
      'total',
      'type',
      'word',
    ]);
    const hit = data.list[0]!;
    expect(Object.keys(hit).sort()).toEqual([
      'id',
      'publishedAt',
      'snippet',
      'snippetHtml',
      'title',
      'titleHtml',
      'type',
      'typeName',
      'url',
    ]);
    const course = await find('STM32', '&type=course');
    expect(course.list.length).toBeGreaterThan(0);
    expect(course.list.every((h) => h.type === 'course' && h.url === `/course/${h.id}`)).toBe(true);
    expect(course.count).toBe(data.counts.course);
    const res = await find('STM32', '&type=resource');
    expect(res.list.length).toBeGreaterThan(0);
    // Issue 24: a file's entry on the resources list, not the home page's newest eight.
    expect(res.list.every((h) => h.url === `/resources/item/${h.id}`)).toBe(true);
    const live = await find('CAN FD', '&type=live');
    expect(live.list[0]?.url).toBe(`/live/${live.list[0]?.id}`);
    const sv = await find('电阻', '&type=shortvideo');
    expect(sv.list[0]?.url).toBe(`/short/${sv.list[0]?.id}`);
  });

  it('pages through results without overlap', async () => {
    const all = await find('电', '&size=100');
    const p1 = await find('电', '&size=10');
    const p2 = await find('电', '&size=10&page=2');
    expect(p2.page).toBe(2);
    expect(p1.list.map((h) => `${h.type}${h.id}`)).toEqual(
      all.list.slice(0, 10).map((h) => `${h.type}${h.id}`),
    );
    expect(p2.list.map((h) => `${h.type}${h.id}`)).toEqual(
      all.list.slice(10, 20).map((h) => `${h.type}${h.id}`),
    );
    const past = await find('电', '&page=999');
    expect(past.list).toEqual([]);
    expect(past.count).toBe(all.count);
  });

  it('answers an empty result for an empty word and 400 for bad input', async () => {
    const empty = await find('   ');
    expect(empty).toMatchObject({ list: [], count: 0, total: 0, word: '' });
    const none = await find('没有这种内容的词组合');
    expect(none.total).toBe(0);
    expect((await rt.get(`/api/index/search?word=${'长'.repeat(51)}`)).body).toEqual({
      code: 400,
      message: '搜索词不能超过50个字',
      data: null,
    });
    expect((await rt.get('/api/index/search?word=stm32&type=video')).body).toEqual({
      code: 400,
      message: '搜索类型无效',
      data: null,
    });
  });
});

describe('keeping the index up to date', () => {
  it('finds an article added through the service layer, escapes its title, and forgets it when unpublished', async () => {
    const classify = await rt.db
      .selectFrom('article_classifies')
      .select('id')
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const now = rt.clock.now().toISOString();
    const { id } = await rt.db
      .insertInto('articles')
      .values({
        classify_id: classify.id,
        title: '<script>alert(1)</script> 氮化镓快充 GaN65W 设计',
        summary: '一款 65 W 氮化镓快充的设计记录。',
        content: '<p>采用 <b>GaN65W</b> 方案，体积缩小一半。</p>',
        author_name: '测试作者',
        status: 'published',
        recommended: 0,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await find('gan65w')).total).toBe(0);
    await reindexDocument(rt.deps, 'article', id);
    expect(rt.invalidated.at(-1)).toEqual(['list:search']);
    for (const word of ['gan65w', '氮', '氮化', '氮化镓快充']) {
      const data = await find(word);
      expect(data.list[0]?.id).toBe(id);
    }
    const hit = (await find('script')).list.find((h) => h.id === id)!;
    expect(hit.titleHtml).toBe(
      '&lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; 氮化镓快充 GaN65W 设计',
    );
    expect(hit.titleHtml).not.toContain('<script>');

    await rt.db.updateTable('articles').set({ status: 'draft' }).where('id', '=', id).execute();
    await reindexDocument(rt.deps, 'article', id);
    expect((await find('gan65w')).total).toBe(0);
    await rt.db.updateTable('articles').set({ status: 'published' }).where('id', '=', id).execute();
    await reindexDocument(rt.deps, 'article', id);
    expect((await find('gan65w')).total).toBe(1);
    await removeDocument(rt.deps, 'article', id);
    expect((await find('gan65w')).total).toBe(0);
    await rt.db.deleteFrom('articles').where('id', '=', id).execute();
  });

  it('rebuilds the whole index from the content tables', async () => {
    const before = await find('电源');
    const n = await rebuildSearchIndex(rt.db);
    expect(n).toBeGreaterThan(100);
    expect((await find('电源')).counts).toEqual(before.counts);
  });
});

describe('index use', () => {
  const query = (word: string) =>
    matchingDocuments(rt.deps, parseQuery(word)).select(['d.doc_type', 'd.doc_id']).compile();

  it.each(['stm32f103', '电源', '阻 lm317'])(
    'plans %s through the index, not a scan',
    async (word) => {
      const compiled = query(word);
      if (!isPg()) {
        const plan = await rt.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
        );
        const details = plan.rows.map((r) => r.detail).join('\n');
        expect(details).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
        expect(details).toMatch(/SEARCH d USING INTEGER PRIMARY KEY/);
        expect(details).not.toMatch(/SCAN (d|articles|search_documents)\b/);
        return;
      }
      const plan = await rt.db.transaction().execute(async (trx) => {
        // The seeded tables are tiny, so without this PostgreSQL would rightly prefer a sequential scan.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
        );
      });
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('search_documents_grams');
      expect(text).not.toMatch(/Seq Scan/);
    },
  );
});

describe('courses and lives on the first page', () => {
  it('brings the best course and live match onto page 1 of all results when articles fill it', async () => {
    const rt2 = await createTestRuntime();
    try {
      const res = await rt2.get<{
        list: { type: string }[];
        featured: { type: string; title: string; snippet: string; url: string }[];
        counts: Record<string, number>;
      }>(`/api/index/search?word=${encodeURIComponent('电源')}&size=5`);
      const { list, featured, counts } = res.body.data;
      expect(counts.article).toBeGreaterThan(5);
      for (const type of ['course', 'live'])
        if (counts[type]! > 0 && !list.some((h) => h.type === type))
          expect(featured.map((f) => f.type)).toContain(type);
      expect(featured.length).toBeGreaterThan(0);
      for (const f of featured) {
        expect(['course', 'live']).toContain(f.type);
        expect(f.title + f.snippet).toMatch(/电源/);
      }
      const page2 = await rt2.get<{ featured: unknown[] }>(
        `/api/index/search?word=${encodeURIComponent('电源')}&size=5&page=2`,
      );
      expect(page2.body.data.featured).toEqual([]);
    } finally {
      await rt2.close();
    }
  });
});

describe('relevance (issue 15): title, then topic, then body', () => {
  it('电源 ranks power content above articles that only mention it, with a power course and the DC-DC live on page 1', async () => {
    const r = await find('电源', '&size=10');
    const titles = r.list.map((h) => h.title);
    const at = (t: string) => titles.findIndex((x) => x.startsWith(t));
    const buck = at('Buck 变换器环路补偿');
    expect(buck, titles.join(' | ')).toBeGreaterThanOrEqual(0);
    for (const incidental of ['STM32F103 时钟树配置详解', 'CAN 总线入门']) {
      const i = at(incidental);
      expect(i === -1 || i > buck, `${incidental} above Buck: ${titles.join(' | ')}`).toBe(true);
    }
    const page = [...r.list, ...r.featured];
    const course = page.find((h) => h.type === 'course');
    expect(course?.title).toMatch(/Buck|LDO|稳压|电源/);
    expect(
      page.some((h) => h.type === 'live' && h.title.startsWith('高效率 DC-DC 设计研讨会')),
    ).toBe(true);
  });

  it('a title match outranks a topic match, which outranks a body-only match', async () => {
    const r = await find('电源', '&size=60');
    const tier = (h: SearchHit) => (titleMatched(h) ? 0 : h.type === 'shortvideo' ? 2 : 1);
    const firstBodyOnly = r.list.findIndex((h) => !titleMatched(h));
    expect(r.list.slice(firstBodyOnly).every((h) => !titleMatched(h))).toBe(true);
    expect(tier(r.list[0]!)).toBe(0);
  });
});

describe('rebuilding the index as a job', () => {
  it('an admin asks, the job rebuilds, search finds what changed behind its back', async () => {
    const { JOB_HANDLERS } = await import('../../../src/server/job-handlers.ts');
    const { runDueJobs } = await import('../../../src/server/services/jobs/index.ts');
    const { createSession } = await import('../../../src/server/services/accounts/index.ts');
    const row = await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A bulk import writes rows without touching the index.
    await rt.db
      .updateTable('articles')
      .set({ title: '批量导入的标题 QX7731' })
      .where('id', '=', row.id)
      .execute();
    const find = async () =>
      (await rt.get<{ list: { id: number }[] }>('/api/index/search?word=QX7731')).body.data.list;
    expect(await find()).toEqual([]);
    const admin = await rt.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(rt.deps, admin.id);
    const asked = await rt.post<{ queued: boolean }>('/api/admin/search/rebuild', {}, token);
    expect(asked.body).toMatchObject({
      code: 200,
      message: '已安排重建搜索索引',
      data: { queued: true },
    });
    expect(
      (await rt.post<{ queued: boolean }>('/api/admin/search/rebuild', {}, token)).body.data.queued,
    ).toBe(false);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    expect((await find()).map((h) => h.id)).toEqual([row.id]);
  });
});
