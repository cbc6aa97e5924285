/**
 * The XSS corpus through the API: article bodies are stored without anything
 * executable, article titles and comments are stored as the plain text sent
 * (pages escape them), and profile names travel as text too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksExecutable, SHORT_PAYLOADS, XSS_PAYLOADS } from '../../fixtures/xss-payloads.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let a: string;
let classifyId: string;
let articleId: number;
beforeAll(async () => {
  rt = await createTestRuntime();
  a = await rt.tokenFor(DEMO.members[0]);
  classifyId = String(
    (await rt.db.selectFrom('article_classifies').select('id').executeTakeFirstOrThrow()).id,
  );
  const pub = await rt.db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  articleId = pub.id;
});
afterAll(async () => {
  await rt.close();
});

describe('XSS corpus through the API', () => {
  it('stores every article body without anything executable', async () => {
    const first = await rt.post<{ id: number }>(
      '/api/article/saveArticle',
      { title: '语料', content: `<p>正文</p>${XSS_PAYLOADS.join('')}`, classifyId },
      a,
    );
    expect(first.body.code).toBe(200);
    const id = String(first.body.data.id);
    for (const payload of XSS_PAYLOADS) {
      const res = await rt.post(
        '/api/article/saveArticle',
        { id, title: payload.slice(0, 100), content: `<p>正文</p>${payload}`, classifyId },
        a,
      );
      expect(res.body.code, payload).toBe(200);
      const row = await rt.db
        .selectFrom('articles')
        .select(['title', 'content'])
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow();
      expect(looksExecutable(row.content), payload).toBe(false);
      // Titles are text: stored as typed (trimmed, NUL dropped) and escaped wherever shown.
      expect(row.title).toBe(payload.slice(0, 100).replaceAll('\u0000', '').trim());
    }
  });

  it('stores comments as the plain text sent', async () => {
    const t = { targetType: 'article', targetId: String(articleId) };
    let sent = 0;
    for (const payload of XSS_PAYLOADS.slice(0, 40)) {
      if (sent > 0 && sent % 5 === 0) rt.clock.advance(61_000);
      const res = await rt.post<{ id: number; content: string }>(
        '/api/comment/add',
        { ...t, content: payload },
        a,
      );
      sent++;
      expect(res.body.code, payload).toBe(200);
      expect(res.body.data.content).toBe(
        // eslint-disable-next-line no-control-regex
        payload.replace(/[\u0000-\u0009\u000b-\u001f]/g, '').trim(),
      );
    }
  });

  it('keeps profile names as text', async () => {
    for (const name of SHORT_PAYLOADS) {
      const res = await rt.post('/api/user/saveUser', { name }, a);
      expect(res.body.code, name).toBe(200);
      const info = await rt.post<{ info: { name: string } }>('/api/user/information', {}, a);
      expect(info.body.data.info.name).toBe(name);
    }
  });
});
