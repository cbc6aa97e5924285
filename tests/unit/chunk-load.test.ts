import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoader, loadChunk } from '../../src/client/chunk-load.ts';
import { TIMING } from '../../src/shared/constants.ts';
import { MSG } from '../../src/shared/messages.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Where a promise stands, read without waiting for it. */
async function settled<T>(p: Promise<T>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await Promise.resolve();
  await Promise.resolve();
  return state;
}

describe('chunks loaded on demand (spec 9: chunkLoadTimeoutMs)', () => {
  it('waits 120 s for a chunk, then fails with the Chinese retry message', async () => {
    expect(TIMING.chunkLoadTimeoutMs).toBe(120_000);
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const load = loadChunk(() => never);
    load.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(await settled(load)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const err = await load.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).timedOut).toBe(true);
    expect((err as Error).message).toBe(MSG.chunkLoadFailed);
    expect(MSG.chunkLoadFailed).toBe('页面组件加载超时，请检查网络后重试');
  });

  it('hands over a chunk that arrives in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const mod = { mount: () => 'ok' };
    const load = loadChunk(() => Promise.resolve(mod));
    await expect(load).resolves.toBe(mod);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a failed import is the same error at once, not after the timeout', async () => {
    vi.useFakeTimers();
    const err = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch'))).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).timedOut).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a loader imports once, and tries again after a failure', async () => {
    const importer = vi
      .fn<() => Promise<{ n: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ n: 1 });
    const load = chunkLoader(importer);
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(load()).resolves.toEqual({ n: 1 });
    await expect(load()).resolves.toEqual({ n: 1 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
