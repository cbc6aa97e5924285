/**
 * Code loaded on demand (the login dialog, the players, the ads' overlays) is given spec 9's
 * chunkLoadTimeoutMs (120 s): a chunk that has not arrived by then counts as failed, so the
 * page says so (CHUNK_LOAD_FAILED, a Chinese retry message) and the next use tries again,
 * rather than a click that does nothing forever.
 */
import { TIMING } from '../shared/constants.ts';
import { CHUNK_LOAD_FAILED } from '../shared/messages/chunk-load.ts';

export class ChunkLoadError extends Error {
  /** True when the time ran out, false when the import itself failed. */
  readonly timedOut: boolean;
  constructor(timedOut: boolean) {
    super(CHUNK_LOAD_FAILED);
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

/** The import, or a ChunkLoadError once it fails or `timeoutMs` passes first. */
export function loadChunk<T>(
  importer: () => Promise<T>,
  timeoutMs: number = TIMING.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    importer().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false));
      },
    );
  });
}

/**
 * A loader that imports its chunk once, and forgets a failed or timed-out attempt so the next
 * call tries again.
 */
export function chunkLoader<T>(importer: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= loadChunk(importer).catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
