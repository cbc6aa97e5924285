/**
 * Partner zones (issue 15): a zone's host names its company, and its home
 * lists only that company's articles, courses, broadcasts and resources.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneContent, zoneForHost } from '../../../src/server/services/site/index.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe('zone homes', () => {
  it('finds the company by its zone host, with or without a port, and nothing for other hosts', async () => {
    const zone = await zoneForHost(rt.deps, 'Hengtuo-Power.xinxuetang.local:4321');
    expect(zone?.name).toBe('恒拓电源');
    expect(await zoneForHost(rt.deps, 'xinxuetang.local')).toBeNull();
    expect(await zoneForHost(rt.deps, '127.0.0.1')).toBeNull();
    expect(await zoneForHost(rt.deps, 'localhost')).toBeNull();
  });

  it("lists only the company's own content, every kind the demo tags it with", async () => {
    const companies = await rt.db.selectFrom('companies').select(['id', 'name']).execute();
    let withCourses = 0;
    for (const c of companies) {
      const z = await zoneContent(rt.deps, c.id);
      const own = async (
        table: 'articles' | 'courses' | 'live_broadcasts' | 'resources',
        ids: number[],
      ) => {
        if (!ids.length) return;
        const rows = await rt.db
          .selectFrom(table)
          .select('company_id')
          .where('id', 'in', ids)
          .execute();
        expect(
          rows.every((r) => r.company_id === c.id),
          `${c.name} ${table}`,
        ).toBe(true);
      };
      await own(
        'articles',
        z.articles.map((a) => a.id),
      );
      await own(
        'courses',
        z.courses.map((a) => a.id),
      );
      await own(
        'live_broadcasts',
        z.lives.map((a) => a.id),
      );
      await own(
        'resources',
        z.resources.map((a) => a.id),
      );
      if (z.courses.length) withCourses++;
      expect(
        z.articles.length + z.courses.length + z.lives.length + z.resources.length,
        c.name,
      ).toBeGreaterThan(0);
    }
    expect(withCourses).toBeGreaterThanOrEqual(4);
    const power = (await zoneForHost(rt.deps, 'hengtuo-power.xinxuetang.local'))!;
    const z = await zoneContent(rt.deps, power.id);
    expect(z.courses.map((c) => c.title)).toContain('Buck 变换器设计与环路补偿实战');
    expect(z.lives.map((l) => l.title)).toContain('高效率 DC-DC 设计研讨会：从拓扑选择到 EMI 优化');
    // On air first, then upcoming, then ended.
    const order = { live: 0, upcoming: 1, ended: 2 } as const;
    const ranks = z.lives.map((l) => order[l.status]);
    expect(ranks).toEqual([...ranks].sort());
  });
});
