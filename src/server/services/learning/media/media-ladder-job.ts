/**
 * The `media.ladder` job (issue 23): a lesson's or broadcast's uploaded MP4
 * (sealed/<name>/video.mp4) becomes a quality ladder beside it (media-ladder.ts). The job
 * downloads the MP4 from the media store (disk or bucket) into a temporary folder, runs ffmpeg
 * once for every rung, puts the renditions into the store and the master playlist last (so a
 * master there means a whole ladder), then points every lesson and broadcast whose address is
 * /media/sealed/<name>/video.mp4 at /media/sealed/<name>/index.m3u8, one UPDATE per table, and
 * drops their cached pages. Until then the MP4 plays.
 *
 * Idempotent: a ladder already in the store is not made again, an address already moved is not
 * matched. A failure is retried by the queue with back-off. The staff usually upload before
 * they save the lesson: when no row points at the MP4 yet, the job looks again every few
 * minutes, for a day after the upload.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { enqueueJob, type JobOutcome } from '../../jobs/index.ts';
import { commitChange } from '../../lib/index.ts';
import {
  ffmpegPath,
  ladderArgs,
  ladderFiles,
  ladderMaster,
  probeVideo,
  runFfmpeg,
  rungsFor,
} from './media-ladder.ts';

export const MEDIA_LADDER = 'media.ladder';

/** Seconds per segment of an uploaded video's ladder. */
export const UPLOAD_SEGMENT = 6;
/** How often rows are looked for again while none points at the upload, and for how long. */
export const LADDER_RETRY_MS = 5 * 60_000;
export const LADDER_WAIT_MS = 24 * 3_600_000;

const UPLOADED = /^\/media\/sealed\/([0-9a-f]{24})\/video\.mp4$/;

/**
 * Moves every row of one table whose media address is `from` to `to` inside the transaction;
 * answers the cache tags of the rows it moved (none: nothing pointed there). Each owning
 * domain gives its own (courses for lessons, live for broadcasts; wired in job-handlers.ts).
 */
export type MediaRepoint = (tx: Database, from: string, to: string) => Promise<string[]>;

/** Queues the ladder of a sealed upload (its URL as uploadVideo answered it); others: nothing. */
export async function queueLadder(
  deps: Pick<Deps, 'db' | 'clock' | 'jobs'>,
  url: string,
): Promise<boolean> {
  const m = UPLOADED.exec(url);
  if (!m) return false;
  const now = deps.clock.now();
  return enqueueJob(
    deps.jobs,
    deps.db,
    {
      kind: MEDIA_LADDER,
      payload: { name: m[1], uploadedAt: now.toISOString() },
      runAt: now,
      dedupeKey: `media-ladder:${m[1]}`,
    },
    now,
  );
}

/** Makes the ladder of sealed/<name>/video.mp4 in the store unless its master is there. */
async function makeLadder(deps: Pick<Deps, 'providers'>, name: string): Promise<void> {
  const store = deps.providers.media;
  const master = `sealed/${name}/index.m3u8`;
  const have = await store.open(master);
  if (have && 'body' in have) {
    await have.body.cancel();
    return;
  }
  const source = await store.open(`sealed/${name}/video.mp4`);
  if (!source || !('body' in source)) throw new Error(`sealed/${name}/video.mp4 is missing`);
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) throw new Error('no ffmpeg (npm package @ffmpeg-installer/linux-x64)');
  const dir = await mkdtemp(join(tmpdir(), 'xxt-ladder-'));
  try {
    const file = join(dir, 'source.mp4');
    await pipeline(Readable.fromWeb(source.body as never), createWriteStream(file));
    const probe = probeVideo(ffmpeg, file);
    if (!probe) throw new Error(`sealed/${name}/video.mp4 has no video ffmpeg can read`);
    const rungs = rungsFor(probe.width, probe.height);
    const out = join(dir, 'ladder');
    for (const r of rungs) await mkdir(join(out, r.name), { recursive: true });
    await runFfmpeg(
      ffmpeg,
      ladderArgs({
        input: ['-i', file],
        filter: 'null',
        width: probe.width,
        height: probe.height,
        audio: probe.audio,
        segment: UPLOAD_SEGMENT,
        out,
        rungs,
      }),
    );
    await writeFile(join(out, 'index.m3u8'), await ladderMaster(out, probe, rungs));
    // Renditions first, the master last: a master in the store means the whole ladder is.
    for (const f of await ladderFiles(out, rungs))
      await store.putFile(`sealed/${name}/${f}`, join(out, f));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The `media.ladder` job, with the tables whose addresses it moves. */
export function ladderJob(repoints: readonly MediaRepoint[]) {
  return async (deps: Deps, payload: Record<string, unknown>): Promise<JobOutcome> => {
    const name = String(payload.name ?? '');
    if (!/^[0-9a-f]{24}$/.test(name)) return;
    await makeLadder(deps, name);
    const from = `/media/sealed/${name}/video.mp4`;
    const to = `/media/sealed/${name}/index.m3u8`;
    const moved = await commitChange(deps, async (tx) => {
      const tags: string[] = [];
      for (const repoint of repoints) tags.push(...(await repoint(tx, from, to)));
      return { value: tags.length > 0, tags: [...new Set(tags)] };
    });
    if (moved) return;
    const now = deps.clock.now().getTime();
    const since = Date.parse(String(payload.uploadedAt ?? '')) || now;
    if (now - since > LADDER_WAIT_MS) return;
    return { postponeTo: new Date(now + LADDER_RETRY_MS) };
  };
}
