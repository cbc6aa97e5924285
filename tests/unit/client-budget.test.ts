/** The per-client render budget (issue 30): a token bucket per address, on the clock it is given. */
import { describe, expect, it } from 'vitest';
import { ClientBudget } from '../../src/server/http/client-budget.ts';

describe('ClientBudget', () => {
  it('lets a burst through, then one render per refill, and says how long to wait', () => {
    const b = new ClientBudget(2, 3);
    const t = 1_000_000;
    expect([0, 1, 2].map(() => b.take('203.0.113.1', t))).toEqual([0, 0, 0]);
    expect(b.take('203.0.113.1', t)).toBe(1);
    // Half a second at 2 a second earns one token back.
    expect(b.take('203.0.113.1', t + 500)).toBe(0);
    expect(b.take('203.0.113.1', t + 500)).toBe(1);
    // Another address has its own bucket.
    expect(b.take('203.0.113.2', t + 500)).toBe(0);
  });

  it('never fills past its burst', () => {
    const b = new ClientBudget(1, 2);
    expect(b.take('a', 0)).toBe(0);
    expect(b.take('a', 3_600_000)).toBe(0);
    expect(b.take('a', 3_600_000)).toBe(0);
    expect(b.take('a', 3_600_000)).toBe(1);
  });

  it('a slow refill says so in whole seconds', () => {
    const b = new ClientBudget(0.001, 1);
    expect(b.take('a', 0)).toBe(0);
    expect(b.take('a', 0)).toBe(1000);
  });

  it('has no bound for loopback clients or with a rate of 0', () => {
    const b = new ClientBudget(1, 1);
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect([0, 1, 2].map(() => b.take(ip, 0))).toEqual([0, 0, 0]);
    const off = new ClientBudget(0, 1);
    expect([0, 1, 2].map(() => off.take('203.0.113.9', 0))).toEqual([0, 0, 0]);
  });

  it('stays bounded in clients, forgetting those whose bucket refilled', () => {
    const b = new ClientBudget(1, 1, 3);
    for (const ip of ['a', 'b', 'c']) b.take(ip, 0);
    expect(b.size).toBe(3);
    // Ten seconds later all three are full again: the new client replaces them.
    expect(b.take('d', 10_000)).toBe(0);
    expect(b.size).toBe(1);
    // None refilled: the longest tracked goes.
    b.take('e', 10_000);
    b.take('f', 10_000);
    expect(b.take('g', 10_000)).toBe(0);
    expect(b.size).toBe(3);
    // 'e' is still tracked (its bucket still empty); 'd' went.
    expect(b.take('e', 10_000)).toBe(1);
  });
});
