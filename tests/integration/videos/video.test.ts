/**
 * Featured videos (issue 15): GET /api/video/detail/{id} with the viewer's
 * own flags (private, never cached) and a counted view; favourites of a video
 * link to its page; the sitemap lists every video page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listColumnVideos } from '../../../src/server/services/videos/index.ts';
import { sitemapUrls } from '../../../src/server/services/site/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

interface Detail {
  videoDetail: {
    id: number;
    title: string;
    path: string;
    durationSeconds: number;
    viewCount: number;
    favorite: 0 | 1;
    isLaud: 0 | 1;
  };
}

let rt: TestRuntime;
let video: { id: number; title: string; path: string; duration_seconds: number };
const views = async (id: number) =>
  (
    await rt.db
      .selectFrom('videos')
      .select('view_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).view_count;

beforeAll(async () => {
  rt = await createTestRuntime();
  video = await rt.db
    .selectFrom('videos')
    .select(['id', 'title', 'path', 'duration_seconds'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await rt.close();
});

describe('GET /api/video/detail/{id}', () => {
  it('gives a visitor the video, favorite 0 and isLaud 0, privately, and counts the view', async () => {
    const before = await views(video.id);
    const res = await rt.app.request(`/api/video/detail/${video.id}`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { code: number; data: Detail };
    expect(body.code).toBe(200);
    expect(body.data.videoDetail).toMatchObject({
      id: video.id,
      title: video.title,
      path: video.path,
      durationSeconds: video.duration_seconds,
      favorite: 0,
      isLaud: 0,
      viewCount: before + 1,
    });
    expect(await views(video.id)).toBe(before + 1);
  });

  it('counts every one of many parallel views', async () => {
    const before = await views(video.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => rt.get<Detail>(`/api/video/detail/${video.id}`)),
    );
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(await views(video.id)).toBe(before + 20);
    // Each answer reports the count its own view made.
    const counts = answers.map((a) => a.body.data.videoDetail.viewCount).sort((a, b) => a - b);
    expect(counts.at(-1)).toBe(before + 20);
  });

  it("shows a member's own favourite and like, and not another member's", async () => {
    const token = await rt.tokenFor(DEMO.members[1]);
    const t = { targetType: 'video', targetId: String(video.id) };
    expect(
      (await rt.get<Detail>(`/api/video/detail/${video.id}`, token)).body.data.videoDetail,
    ).toMatchObject({ favorite: 0, isLaud: 0 });
    expect((await rt.post('/api/favorite/add', t, token)).body).toMatchObject({
      code: 200,
      message: '收藏成功',
    });
    expect((await rt.post('/api/laud/add', t, token)).body.code).toBe(200);
    const { body } = await rt.get<Detail>(`/api/video/detail/${video.id}`, token);
    expect(body.data.videoDetail).toMatchObject({ favorite: 1, isLaud: 1 });
    const other = await rt.tokenFor(DEMO.members[2]);
    const theirs = await rt.get<Detail>(`/api/video/detail/${video.id}`, other);
    expect(theirs.body.data.videoDetail).toMatchObject({ favorite: 0, isLaud: 0 });
    // A visitor still sees no flags.
    const visitor = await rt.get<Detail>(`/api/video/detail/${video.id}`);
    expect(visitor.body.data.videoDetail).toMatchObject({ favorite: 0, isLaud: 0 });

    // The favourite links to the video's page (it used to link to /).
    const favs = await rt.get<{ list: { targetType: string; targetId: number; url: string }[] }>(
      '/api/favorite/list?targetType=video',
      token,
    );
    const fav = favs.body.data.list.find((f) => f.targetId === video.id);
    expect(fav?.url).toBe(`/video/${video.id}`);

    expect((await rt.post('/api/favorite/delete', t, token)).body).toMatchObject({
      code: 200,
      message: '取消收藏成功',
    });
    const after = await rt.get<Detail>(`/api/video/detail/${video.id}`, token);
    expect(after.body.data.videoDetail).toMatchObject({ favorite: 0, isLaud: 1 });
  });

  it('answers 404 with a Chinese message for an unknown video, counting nothing', async () => {
    const total = async () =>
      (await rt.db.selectFrom('videos').select('view_count').execute()).reduce(
        (n, r) => n + r.view_count,
        0,
      );
    const before = await total();
    const { body } = await rt.get('/api/video/detail/999999');
    expect(body).toEqual({ code: 404, message: '视频不存在或已下线', data: null });
    expect(await total()).toBe(before);
  });

  it('refuses an id that is not a positive integer', async () => {
    const { body } = await rt.get('/api/video/detail/abc');
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe("a video page's related videos", () => {
  it("are the column's other videos, most viewed first, never the video itself", async () => {
    const all = await rt.db
      .selectFrom('videos')
      .select(['id', 'classify_id', 'view_count'])
      .execute();
    const shared = all.find(
      (v) =>
        v.classify_id !== null && all.some((o) => o.id !== v.id && o.classify_id === v.classify_id),
    )!;
    const expected = all
      .filter((o) => o.classify_id === shared.classify_id && o.id !== shared.id)
      .sort((a, b) => b.view_count - a.view_count || a.id - b.id)
      .map((o) => o.id);
    const related = await listColumnVideos(rt.deps, {
      id: shared.id,
      classifyId: shared.classify_id,
    });
    expect(related.map((v) => v.id)).toEqual(expected);
    expect(await listColumnVideos(rt.deps, { id: shared.id, classifyId: null })).toEqual([]);
  });
});

describe('featured videos in the sitemap', () => {
  it('lists every video page', async () => {
    const paths = (await sitemapUrls(rt.deps)).map((u) => u.path);
    const all = await rt.db.selectFrom('videos').select('id').execute();
    expect(all.length).toBeGreaterThan(0);
    for (const v of all) expect(paths).toContain(`/video/${v.id}`);
  });
});
