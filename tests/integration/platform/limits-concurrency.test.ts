/**
 * Limits decided atomically (issue 13): parallel requests cannot all pass a
 * check made before any of them is recorded. Runs on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSmsCode } from '../../../src/server/services/accounts/index.ts';
import { consumeLimits } from '../../../src/server/services/lib/index.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ seed: false });
});
afterAll(async () => {
  await rt?.close();
});

describe('parallel requests against one limit', () => {
  it('50 parallel SMS sends for one phone send one code', async () => {
    const phone = { areaNum: '86', mobile: '13700001111' };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        issueSmsCode(rt.deps, { phone, purpose: 'login', ip: `10.0.0.${i}`, deliver: true }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(String((r as PromiseRejectedResult).reason)).toMatch(/秒后/);
    const sent = await rt.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('mobile', '=', phone.mobile)
      .execute();
    expect(sent).toHaveLength(1);
  });

  it('of 40 parallel hits on a bucket allowing 7, exactly 7 pass', async () => {
    const rule = { bucket: 'test:parallel', windowMs: 60_000, max: 7, message: () => '太频繁' };
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => consumeLimits(rt.deps, [rule])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    const hits = await rt.db
      .selectFrom('rate_limit_hits')
      .select('id')
      .where('bucket', '=', 'test:parallel')
      .execute();
    expect(hits).toHaveLength(7);
  });
});
