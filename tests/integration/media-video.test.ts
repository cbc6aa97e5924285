/**
 * Featured videos (issue 15): GET /api/video/detail/{id} with the viewer's
 * own flags and a counted view; favourites of a video link to its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../support/runtime.ts';

interface Detail {
  videoDetail: {
    id: number;
    title: string;
    path: string;
    durationSeconds: number;
    viewCount: number;
    favorite: boolean;
    isLaud: 0 | 1;
  };
}

let rt: TestRuntime;
let video: { id: number; title: string; view_count: number; path: string };
beforeAll(async () => {
  rt = await createTestRuntime();
  video = await rt.db
    .selectFrom('videos')
    .select(['id', 'title', 'view_count', 'path'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await rt.close();
});

describe('GET /api/video/detail/{id}', () => {
  it('gives a visitor the video with no personal flags and counts the view', async () => {
    const { body } = await rt.get<Detail>(`/api/video/detail/${video.id}`);
    expect(body.code).toBe(200);
    expect(body.data.videoDetail).toMatchObject({
      id: video.id,
      title: video.title,
      path: video.path,
      favorite: false,
      isLaud: 0,
      viewCount: video.view_count + 1,
    });
    const row = await rt.db
      .selectFrom('videos')
      .select('view_count')
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(row.view_count).toBe(video.view_count + 1);
  });

  it("shows a member's own favourite and like", async () => {
    const token = await rt.tokenFor(DEMO.members[1]);
    const t = { targetType: 'video', targetId: String(video.id) };
    expect((await rt.post('/api/favorite/add', t, token)).body).toMatchObject({
      code: 200,
      message: '收藏成功',
    });
    expect((await rt.post('/api/laud/add', t, token)).body.code).toBe(200);
    const { body } = await rt.get<Detail>(`/api/video/detail/${video.id}`, token);
    expect(body.data.videoDetail).toMatchObject({ favorite: true, isLaud: 1 });
    // Another member's flags are their own.
    const other = await rt.tokenFor(DEMO.members[2]);
    const theirs = await rt.get<Detail>(`/api/video/detail/${video.id}`, other);
    expect(theirs.body.data.videoDetail).toMatchObject({ favorite: false, isLaud: 0 });
    // The favourite links to the video's page.
    const favs = await rt.get<{ list: { targetType: string; targetId: number; url: string }[] }>(
      '/api/favorite/list?targetType=video',
      token,
    );
    const fav = favs.body.data.list.find((f) => f.targetId === video.id);
    expect(fav?.url).toBe(`/videodetail?id=${video.id}`);
  });

  it('answers 404 with a message for an unknown video', async () => {
    const { body } = await rt.get('/api/video/detail/999999');
    expect(body).toEqual({ code: 404, message: '视频不存在或已下线', data: null });
  });
});
