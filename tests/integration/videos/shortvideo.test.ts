import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

interface Detail {
  videoDetail: { id: number; path: string; favorite: boolean; isLaud: 0 | 1 };
}

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe('GET /api/shortvideo/detail/{id}', () => {
  it('gives a visitor the video with no personal flags', async () => {
    const { body } = await rt.get<Detail>('/api/shortvideo/detail/1');
    expect(body.code).toBe(200);
    expect(body.data.videoDetail).toMatchObject({ id: 1, favorite: false, isLaud: 0 });
    expect(body.data.videoDetail.path).toMatch(/^\/media\/gen\/short-\d+\/index\.m3u8$/);
  });

  it('gives a member their own favourite and like', async () => {
    const member = await rt.userId(DEMO.members[0]);
    for (const table of ['favorites', 'lauds'] as const)
      await rt.db
        .insertInto(table)
        .values({
          user_id: member,
          target_type: 'shortvideo',
          target_id: 2,
          created_at: rt.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    const token = await rt.tokenFor(DEMO.members[0]);
    const { body } = await rt.get<Detail>('/api/shortvideo/detail/2', token);
    expect(body.data.videoDetail).toMatchObject({ id: 2, favorite: true, isLaud: 1 });
    const other = await rt.get<Detail>(
      '/api/shortvideo/detail/2',
      await rt.tokenFor(DEMO.members[2]),
    );
    expect(other.body.data.videoDetail).toMatchObject({ favorite: false, isLaud: 0 });
  });

  it('answers 404 with a message for an unknown video', async () => {
    const { body } = await rt.get('/api/shortvideo/detail/99999');
    expect(body).toEqual({ code: 404, message: '视频不存在或已下线', data: null });
  });
});
