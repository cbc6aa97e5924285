/**
 * CDN purges (issue 14): Aliyun CDN RefreshObjectCaches and Tencent Cloud CDN
 * PurgeUrlsCache against local fakes that check their signatures; the
 * cdn.purge job turning a change's tags into URLs, batched within the daily
 * quota, which parallel jobs never overspend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay, purgeCdn } from '../../../src/server/cdn/purge.ts';
import { buildCdn, CdnPurgeError } from '../../../src/server/providers/registry.ts';
import { fakeAliyunCdn, fakeTencentCdn, type FakeCdn } from '../../support/fake-cdn.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

const KEYS = { id: 'AKID-demo-1234', secret: 'secret-demo-5678' };

describe.each([
  ['aliyun', fakeAliyunCdn, 'SignatureDoesNotMatch'],
  ['tencent', fakeTencentCdn, 'AuthFailure.SignatureFailure'],
] as const)('%s CDN purge', (name, makeFake, badSignature) => {
  let fake: FakeCdn;
  beforeAll(async () => {
    fake = await makeFake(KEYS);
  });
  afterAll(async () => {
    await fake.close();
  });
  const env = (secret = KEYS.secret) => ({
    CDN_PROVIDER: name,
    CDN_ACCESS_KEY_ID: KEYS.id,
    CDN_ACCESS_KEY_SECRET: secret,
    CDN_ENDPOINT: fake.url,
  });

  it('purges URLs with a signature the provider accepts', async () => {
    const cdn = buildCdn(env())!;
    expect(cdn.name).toBe(name);
    const urls = ['https://www.xinxuetang.cn/article/12', 'https://www.xinxuetang.cn/'];
    const { taskId } = await cdn.purgeUrls(urls);
    expect(taskId).toBeTruthy();
    expect(fake.calls.at(-1)).toEqual(urls);
  });

  it('a wrong secret is refused with the provider’s signature error', async () => {
    const cdn = buildCdn(env('wrong-secret'))!;
    const err = await cdn.purgeUrls(['https://www.xinxuetang.cn/']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CdnPurgeError);
    expect((err as CdnPurgeError).providerCode).toBe(badSignature);
    expect(fake.errors.at(-1)).toBe(badSignature);
  });

  it('refuses settings without keys', () => {
    expect(() => buildCdn({ CDN_PROVIDER: name })).toThrow(
      `CDN_PROVIDER=${name} needs CDN_ACCESS_KEY_ID, CDN_ACCESS_KEY_SECRET`,
    );
  });
});

describe('the cdn.purge job', () => {
  let fake: FakeCdn;
  let rt: TestRuntime;
  beforeAll(async () => {
    fake = await fakeTencentCdn(KEYS);
    rt = await createTestRuntime({
      providerEnv: {
        CDN_PROVIDER: 'tencent',
        CDN_ACCESS_KEY_ID: KEYS.id,
        CDN_ACCESS_KEY_SECRET: KEYS.secret,
        CDN_ENDPOINT: fake.url,
        CDN_DAILY_QUOTA: '5',
      },
    });
    // What an export recorded: the pages showing article 1.
    await rt.db
      .insertInto('export_page_tags')
      .values([
        { tag: 'article:1', path: '/article/1' },
        { tag: 'article:1', path: '/' },
        { tag: 'list:articles', path: '/articlelist' },
      ])
      .execute();
  });
  afterAll(async () => {
    await rt.close();
    await fake.close();
  });

  it('purges the cached and exported pages of the changed tags, within the daily quota', async () => {
    const site = rt.deps.config.siteUrl;
    await purgeCdn(rt.deps, { tags: ['article:1', 'site'], keys: ['zone.example.cn/article/1'] });
    expect(fake.calls.at(-1)).toEqual([
      `${site}/`,
      `${site}/article/1`,
      'http://zone.example.cn/article/1',
    ]);
    // Quota 5: 3 spent, so of the next 3 URLs 2 go out and the rest waits for its TTL.
    await purgeCdn(rt.deps, {
      tags: ['list:articles'],
      keys: ['127.0.0.1/column', '127.0.0.1/live'],
    });
    expect(fake.calls.at(-1)).toHaveLength(2);
    expect(rt.logger.lines).toContainEqual(
      expect.objectContaining({ msg: 'CDN purge quota reached: pages expire by their edge TTL' }),
    );
    const calls = fake.calls.length;
    await purgeCdn(rt.deps, { tags: ['article:1'] });
    expect(fake.calls.length).toBe(calls);
    const row = await rt.db
      .selectFrom('cdn_purge_days')
      .selectAll()
      .where('day', '=', chinaDay(rt.clock.now()))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'tencent', urls: 5 });
  });

  it('parallel jobs never purge more than the quota', async () => {
    rt.clock.advance(24 * 3_600_000);
    const before = fake.calls.flat().length;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        purgeCdn(rt.deps, { keys: [`127.0.0.1/article/${100 + i}`] }),
      ),
    );
    expect(fake.calls.flat().length - before).toBe(5);
  });
});
