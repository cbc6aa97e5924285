/**
 * Rate limits shared through Redis (issue 14): two instances with separate
 * databases and one Redis, so only Redis can make the second refuse what the
 * first allowed. A refusal gives back its hits in the other windows; with
 * Redis down, sending an SMS fails closed with a clear message while reading
 * and the other limits (database fallback) go on. Runs when REDIS_URL is set
 * (CI sets it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/errors.ts';
import {
  connectRedisLimiter,
  type LimitRule,
  type SharedLimiter,
} from '../../../src/server/services/lib/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { lastCode, sendCode } from '../../support/accounts.ts';

const url = process.env.REDIS_URL;

describe.runIf(url)('rate limits shared through Redis', () => {
  // One key space per run: nothing left in Redis by an earlier run counts here.
  const prefix = `xxt:test:${randomUUID()}`;
  const limiters: SharedLimiter[] = [];
  let a: TestRuntime;
  let b: TestRuntime;
  let seq = 0;
  const newPhone = () => `1370${String(Date.now()).slice(-5)}${String(++seq).padStart(2, '0')}`;

  function limiter(at = url!): SharedLimiter {
    const l = connectRedisLimiter(at, { prefix });
    limiters.push(l);
    return l;
  }

  beforeAll(async () => {
    const la = limiter();
    const lb = limiter();
    expect(await la.ready()).toBe(true);
    expect(await lb.ready()).toBe(true);
    a = await createTestRuntime({ limiter: la });
    b = await createTestRuntime({ limiter: lb });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(limiters.map((l) => l.close()));
  });

  it('the 2nd SMS within 60 s is refused whichever instance answers', async () => {
    const mobile = newPhone();
    expect(await sendCode(a, mobile, { ip: '10.9.0.1' })).toMatchObject({
      code: 200,
      message: '验证码发送成功，请注意查收',
    });
    const again = await sendCode(b, mobile, { ip: '10.9.0.2' });
    expect(again.code).toBe(429);
    expect(again.message).toMatch(/^发送过于频繁，请(5\d|60)秒后再试$/);
    // B's own database never saw this phone: the refusal came from Redis.
    expect(await lastCode(b, mobile)).toBeNull();
    expect(await lastCode(a, mobile)).toMatch(/^\d{4}$/);
  });

  it('of 16 parallel sends for one phone over two instances, exactly one goes out', async () => {
    const mobile = newPhone();
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        sendCode(i % 2 ? b : a, mobile, { ip: `10.9.1.${i + 1}` }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 429)).toHaveLength(15);
    const stored = await Promise.all(
      [a, b].map((rt) =>
        rt.db
          .selectFrom('sms_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('mobile', '=', mobile)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(stored.map((s) => Number(s.n)).reduce((x, y) => x + y)).toBe(1);
  });

  it('a request refused by one window is not counted in the others', async () => {
    const l = limiter();
    expect(await l.ready()).toBe(true);
    const message = (s: number) => `wait ${s}`;
    const hourly: LimitRule = { bucket: `h:${randomUUID()}`, windowMs: 3_600_000, max: 2, message };
    const perMinute: LimitRule = { bucket: `m:${randomUUID()}`, windowMs: 60_000, max: 1, message };
    await l.consume([hourly, perMinute]);
    for (let i = 0; i < 4; i++) {
      const refused = await l.consume([hourly, perMinute]).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe(429);
    }
    // The hourly window holds one hit, not five: one more request through it passes …
    const other: LimitRule = { ...perMinute, bucket: `m:${randomUUID()}` };
    await l.consume([hourly, other]);
    // … and the next is the third, refused with the hourly window's wait.
    const third = await l
      .consume([hourly, { ...other, bucket: `m:${randomUUID()}` }])
      .catch((e: unknown) => e as AppError);
    expect(third).toBeInstanceOf(AppError);
    expect((third as AppError).message).toMatch(/^wait (35\d\d|3600)$/);
  });

  describe('with Redis down', () => {
    let down: TestRuntime;
    beforeAll(async () => {
      // Nothing listens on port 1: every call finds the connection down.
      const dead = limiter('redis://127.0.0.1:1');
      expect(await dead.ready(300)).toBe(false);
      down = await createTestRuntime({ limiter: dead });
    });
    afterAll(async () => {
      await down?.close();
    });

    it('sending an SMS fails closed with a clear message and sends nothing', async () => {
      const mobile = newPhone();
      expect(await sendCode(down, mobile, { ip: '10.9.2.1' })).toEqual({
        code: 503,
        message: '短信服务暂时不可用，请稍后再试',
        data: null,
      });
      expect(await lastCode(down, mobile)).toBeNull();
      const rows = await down.db
        .selectFrom('sms_codes')
        .select('id')
        .where('mobile', '=', mobile)
        .execute();
      expect(rows).toEqual([]);
      expect(down.logger.lines).toContainEqual(
        expect.objectContaining({ msg: 'shared rate limiter unavailable', fallback: 'refused' }),
      );
    });

    it('reading goes on, and other limits fall back to the database', async () => {
      const article = await down.get<{ detail: { title: string } }>('/api/article/detail?id=1');
      expect(article.body.code).toBe(200);
      expect(article.body.data.detail.title.length).toBeGreaterThan(0);
      const token = await down.tokenFor(DEMO.members[0]);
      const comment = await down.post(
        '/api/comment/add',
        { targetType: 'article', targetId: '1', content: 'Redis 停了也能评论' },
        token,
      );
      expect(comment.body).toMatchObject({ code: 200, message: '评论成功' });
      const hits = await down.db
        .selectFrom('rate_limit_hits')
        .select('bucket')
        .where('bucket', 'like', 'comment:user:%')
        .execute();
      expect(hits.length).toBeGreaterThan(0);
    });
  });
});
