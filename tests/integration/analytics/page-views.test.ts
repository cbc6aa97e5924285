import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, ANALYTICS_MSG } from '../../../src/server/services/analytics/index.ts';
import { AD_TYPE } from '../../../src/shared/constants.ts';
import { MSG } from '../../../src/shared/messages.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeEach(async () => {
  rt = await createTestRuntime();
  // The demo's two weeks of seeded traffic (seed/traffic.ts) are not what these tests count.
  await rt.db.deleteFrom('page_views').execute();
  await rt.db.deleteFrom('ad_events').execute();
});
afterEach(async () => {
  await rt.close();
});

type Env = { code: number; message: string; data: unknown };

/** A beacon as the browser sends it: form-encoded, same-origin, from one address. */
async function beacon(
  path: string,
  form: Record<string, string>,
  opts: { ip?: string; host?: string; cookie?: string } = {},
): Promise<Env> {
  const res = await rt.app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': opts.ip ?? '203.0.113.7',
      host: opts.host ?? '127.0.0.1:4321',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  return (await res.json()) as Env;
}

/** Earlier hits of an address within the current minute, as the limiter stores them. */
async function fillBucket(bucket: string, n: number): Promise<void> {
  const at = new Date(rt.clock.now().getTime() - 30_000).toISOString();
  const hits = Array.from({ length: n }, () => ({ bucket, created_at: at }));
  for (let i = 0; i < hits.length; i += 200)
    await rt.db
      .insertInto('rate_limit_hits')
      .values(hits.slice(i, i + 200))
      .execute();
}

async function rows() {
  return rt.db.selectFrom('page_views').selectAll().orderBy('id').execute();
}

describe('page views', () => {
  it('records path, referrer, company zone from the Host and the member from the session', async () => {
    const company = await rt.db
      .selectFrom('companies')
      .select(['id', 'domain'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const token = await rt.tokenFor(DEMO.members[0]);
    const res = await beacon(
      '/api/analytics/pageview',
      { path: '/articlelist?page=2', referrer: 'https://www.baidu.com/s?wd=ldo', userId: '1' },
      { host: `${company.domain}:443`, cookie: `xxt_token=${token}` },
    );
    expect(res.code).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({
      path: '/articlelist?page=2',
      referrer: 'https://www.baidu.com/s?wd=ldo',
      company_id: company.id,
      user_id: await rt.userId(DEMO.members[0]),
    });
  });

  it('ignores a user id sent by the client and stores a visitor as nobody', async () => {
    await beacon('/api/analytics/pageview', { path: '/', userId: '1', user_id: '1' });
    const [row] = await rows();
    expect(row).toMatchObject({ path: '/', user_id: null, company_id: null, referrer: null });
  });

  it('refuses bad paths and long referrers, storing nothing', async () => {
    for (const path of [
      '',
      'articlelist',
      '//evil.example/x',
      'https://x/',
      '/a b',
      '/'.repeat(2),
    ]) {
      const res = await beacon('/api/analytics/pageview', { path });
      expect(res.code, path).toBe(400);
      expect(res.message).toBe(ANALYTICS_MSG.badPath);
    }
    const long = `/${'a'.repeat(ANALYTICS_LIMITS.pathMax)}`;
    expect((await beacon('/api/analytics/pageview', { path: long })).message).toBe(
      ANALYTICS_MSG.badPath,
    );
    const ref = `https://x.example/${'r'.repeat(ANALYTICS_LIMITS.referrerMax)}`;
    expect((await beacon('/api/analytics/pageview', { path: '/', referrer: ref })).message).toBe(
      ANALYTICS_MSG.badReferrer,
    );
    expect(await rows()).toHaveLength(0);
  });

  it('limits one address per minute and lets another address through', async () => {
    const max = ANALYTICS_LIMITS.pageViewsPerMinute;
    // The address has nearly used its minute; the last allowed view goes through.
    await fillBucket('pv:ip:203.0.113.7', max - 1);
    expect((await beacon('/api/analytics/pageview', { path: '/last' })).code).toBe(200);
    const refused = await beacon('/api/analytics/pageview', { path: '/over' });
    expect(refused).toMatchObject({ code: 429, message: ANALYTICS_MSG.tooMany });
    expect((await rows()).map((r) => r.path)).toEqual(['/last']);
    // The first x-forwarded-for entry is the address; another one is not limited.
    const other = await beacon(
      '/api/analytics/pageview',
      { path: '/other' },
      { ip: '198.51.100.2, 203.0.113.7' },
    );
    expect(other.code).toBe(200);
    rt.clock.advance(61_000);
    expect((await beacon('/api/analytics/pageview', { path: '/later' })).code).toBe(200);
    expect((await rows()).map((r) => r.path)).toEqual(['/last', '/other', '/later']);
  });

  it('refuses a cross-site beacon', async () => {
    const res = await rt.app.request('/api/analytics/pageview', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      body: 'path=%2F',
    });
    expect(((await res.json()) as Env).message).toBe(MSG.crossSite);
    expect(await rows()).toHaveLength(0);
  });

  it("reports a path's count to admins only", async () => {
    await beacon('/api/analytics/pageview', { path: '/articlelist' });
    await beacon('/api/analytics/pageview', { path: '/articlelist' });
    await beacon('/api/analytics/pageview', { path: '/live' });
    const admin = await rt.tokenFor(DEMO.admin);
    const res = await rt.get('/api/analytics/pageviews?path=%2Farticlelist', admin);
    expect(res.body).toMatchObject({ code: 200, data: { path: '/articlelist', count: 2 } });
    const all = await rt.get<{ list: unknown[] }>('/api/analytics/pageviews', admin);
    expect(all.body.data.list).toEqual([
      { path: '/articlelist', count: 2 },
      { path: '/live', count: 1 },
    ]);
    const member = await rt.tokenFor(DEMO.members[0]);
    expect((await rt.get('/api/analytics/pageviews?path=%2F', member)).body).toMatchObject({
      code: 403,
      message: MSG.forbidden,
    });
    expect((await rt.get('/api/analytics/pageviews?path=%2F')).body.code).toBe(401);
  });
});

describe('ad events', () => {
  async function ads() {
    return rt.db.selectFrom('roll_images').select(['id', 'type', 'title']).orderBy('id').execute();
  }

  it('reports impressions, clicks and CTR per ad and slot for a Beijing day', async () => {
    const all = await ads();
    const top = all.find((a) => a.type === AD_TYPE.topBanner)!;
    const foot = all.find((a) => a.type === AD_TYPE.footerBanner)!;
    for (let i = 0; i < 4; i++)
      await beacon('/api/analytics/ad', { adId: String(top.id), slot: '2', kind: 'impression' });
    await beacon('/api/analytics/ad', { adId: String(top.id), slot: '2', kind: 'click' });
    await beacon('/api/analytics/ad', { adId: String(foot.id), slot: '75', kind: 'impression' });
    // The test clock is 2026-11-21 12:00 in Beijing.
    const admin = await rt.tokenFor(DEMO.admin);
    const res = await rt.get<{ day: string; list: unknown[] }>(
      '/api/analytics/ads?day=2026-11-21',
      admin,
    );
    expect(res.body.data).toEqual({
      day: '2026-11-21',
      list: [
        { adId: top.id, title: top.title, slot: 2, impressions: 4, clicks: 1, ctr: 0.25 },
        { adId: foot.id, title: foot.title, slot: 75, impressions: 1, clicks: 0, ctr: 0 },
      ],
    });
    expect((await rt.get('/api/analytics/ads', admin)).body.data).toMatchObject({
      day: '2026-11-21',
    });
    const other = await rt.get<{ list: unknown[] }>('/api/analytics/ads?day=2026-11-20', admin);
    expect(other.body.data.list).toEqual([]);
    expect((await rt.get('/api/analytics/ads?day=2026-13-01', admin)).body).toMatchObject({
      code: 400,
      message: ANALYTICS_MSG.badDay,
    });
    const member = await rt.tokenFor(DEMO.members[1]);
    expect((await rt.get('/api/analytics/ads', member)).body.code).toBe(403);
  });

  it('refuses unknown ads, an ad in another slot and unknown kinds', async () => {
    const [first] = await ads();
    const cases = [
      { adId: '999999', slot: String(first!.type), kind: 'impression' },
      { adId: String(first!.id), slot: '75', kind: 'impression' },
      { adId: String(first!.id), slot: String(first!.type), kind: 'hover' },
      { adId: 'x', slot: '1', kind: 'click' },
    ];
    for (const form of cases) expect((await beacon('/api/analytics/ad', form)).code).toBe(400);
    expect(await rt.db.selectFrom('ad_events').selectAll().execute()).toHaveLength(0);
  });

  it('limits ad events per address', async () => {
    const [first] = await ads();
    const form = { adId: String(first!.id), slot: String(first!.type), kind: 'impression' };
    await fillBucket('ad:ip:203.0.113.7', ANALYTICS_LIMITS.adEventsPerMinute - 2);
    expect((await beacon('/api/analytics/ad', form)).code).toBe(200);
    expect((await beacon('/api/analytics/ad', form)).code).toBe(200);
    expect(await beacon('/api/analytics/ad', form)).toMatchObject({
      code: 429,
      message: ANALYTICS_MSG.tooMany,
    });
    expect(await rt.db.selectFrom('ad_events').selectAll().execute()).toHaveLength(2);
  });
});
