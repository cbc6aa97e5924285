/**
 * Ads for admins (issue 12): an image ad in the top banner slot appears in
 * the slot's public list; a scheduled one only inside its window; each kind
 * needs its creative; editors are refused the section; changes are audited. The static
 * export's list (/ads.json) holds the scheduled ones with their windows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listScheduledAds } from '../../../src/server/services/ads/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
});
afterAll(async () => {
  await rt.close();
});

const topBanner = async () =>
  (
    await rt.get<{ roll_image_list: { id: number; title: string }[] }>(
      '/api/roll_image/list?type=2',
    )
  ).body.data.roll_image_list;

describe('admin ads', () => {
  it('an image ad in the top banner shows in its slot at once; off, it is gone', async () => {
    const made = await rt.post<{ id: number }>(
      '/api/admin/ad/create',
      {
        type: '2',
        adType: '1',
        title: '电源设计大赛报名',
        imageUrl: '/ads/banner-power.svg',
        clickUrl: 'https://www.example.cn/contest',
        displayOrder: '0',
      },
      admin,
    );
    expect(made.body.code, made.body.message).toBe(200);
    const id = made.body.data.id;
    expect((await topBanner()).map((a) => a.id)).toContain(id);
    expect(rt.invalidated.at(-1)).toEqual(['list:ads', 'page:home']);
    await rt.post('/api/admin/ad/update', { id: String(id), enabled: '0' }, admin);
    expect((await topBanner()).map((a) => a.id)).not.toContain(id);
    const log = await rt.get<{ list: { action: string }[] }>(
      `/api/admin/audit?targetType=ad&targetId=${id}&page=1&size=10`,
      admin,
    );
    expect(log.body.data.list.map((e) => e.action)).toEqual([
      '/api/admin/ad/update',
      '/api/admin/ad/create',
    ]);
  });

  it('a scheduled ad shows only inside its window', async () => {
    const now = rt.clock.now().getTime();
    const made = await rt.post<{ id: number }>(
      '/api/admin/ad/create',
      {
        type: '2',
        adType: '1',
        title: '双十一元器件特卖',
        imageUrl: '/ads/banner-sale.svg',
        startAt: new Date(now + 3_600_000).toISOString(),
        endAt: new Date(now + 7_200_000).toISOString(),
      },
      admin,
    );
    const id = made.body.data.id;
    expect((await topBanner()).map((a) => a.id)).not.toContain(id);
    // The export's list (/ads.json) carries it already, with its window for the browser to apply.
    const scheduled = await listScheduledAds(rt.deps, [2]);
    expect(scheduled.find((a) => a.id === id)).toMatchObject({
      startAt: new Date(now + 3_600_000).toISOString(),
      endAt: new Date(now + 7_200_000).toISOString(),
    });
    rt.clock.advance(3_600_000 + 1000);
    expect((await topBanner()).map((a) => a.id)).toContain(id);
    rt.clock.advance(3_600_000);
    expect((await topBanner()).map((a) => a.id)).not.toContain(id);
    // Over, it leaves the export's list too.
    expect((await listScheduledAds(rt.deps, [2])).map((a) => a.id)).not.toContain(id);
    const listed = await rt.get<{ list: { id: number; live: boolean }[] }>(
      '/api/admin/ad/list?type=2&page=1&size=50',
      admin,
    );
    expect(listed.body.data.list.find((a) => a.id === id)).toMatchObject({ live: false });
  });

  it('each kind needs its creative, slots and windows are checked, nothing is stored', async () => {
    const before = await rt.db.selectFrom('roll_images').select('id').execute();
    const tries: [Record<string, string>, string][] = [
      [{ type: '2', adType: '1', title: '无图' }, '图片广告需要图片地址'],
      [{ type: '2', adType: '2', title: '无代码' }, '代码广告需要广告代码'],
      [{ type: '4', adType: '3', title: '无视频' }, '视频广告需要视频地址'],
      [{ type: '6', adType: '1', title: '错的位', imageUrl: '/a.svg' }, '广告位无效'],
      [
        {
          type: '2',
          adType: '1',
          title: '倒置',
          imageUrl: '/a.svg',
          startAt: '2026-12-02T00:00:00Z',
          endAt: '2026-12-01T00:00:00Z',
        },
        '结束时间须晚于开始时间',
      ],
      [
        { type: '2', adType: '1', title: '他站', imageUrl: '/a.svg', clickUrl: '//evil.example/x' },
        '地址须以 https:// 或 / 开头',
      ],
      [
        { type: '2', adType: '1', title: '坏链接', imageUrl: 'javascript:alert(1)' },
        '地址须以 https:// 或 / 开头',
      ],
    ];
    for (const [form, message] of tries) {
      const res = await rt.post('/api/admin/ad/create', form, admin);
      expect(res.body).toEqual({ code: 400, message, data: null });
    }
    expect(await rt.db.selectFrom('roll_images').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('editors and moderators are refused the ads section', async () => {
    for (const phone of ['13800138004', '13800138005']) {
      const token = await rt.tokenFor(phone);
      expect((await rt.get('/api/admin/ad/list?page=1&size=10', token)).body.code).toBe(403);
      expect(
        (
          await rt.post(
            '/api/admin/ad/create',
            { type: '2', adType: '1', title: 'x', imageUrl: '/a.svg' },
            token,
          )
        ).body.code,
      ).toBe(403);
    }
  });
});
