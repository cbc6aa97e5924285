/**
 * Issue 23's ladder figure: how long the `media.ladder` job's ffmpeg run (one decode, every
 * rung encoded: services/learning/media/media-ladder.ts) takes per minute of media, on a camera-like
 * source made here: 1920×1080 at 25 frames per second with sound (ffmpeg's moving test picture),
 * so the full ladder (360p, 720p, 1080p) is made. Printed by `npm run bench:media`; on its own:
 *
 *   node scripts/bench-ladder.ts [seconds of source, default 30]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ffmpegPath,
  ladderArgs,
  ladderMaster,
  probeVideo,
  runFfmpeg,
  rungsFor,
  UPLOAD_SEGMENT,
} from '../src/server/services/learning/index.ts';

export interface LadderTiming {
  /** Seconds of media transcoded, and the wall time it took. */
  mediaSeconds: number;
  wallSeconds: number;
  /** Wall seconds per minute of media. */
  perMinute: number;
  rungs: string[];
}

export async function timeLadder(mediaSeconds = 30): Promise<LadderTiming> {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) throw new Error('no ffmpeg (npm ci installs @ffmpeg-installer)');
  const dir = mkdtempSync(join(tmpdir(), 'xxt-bench-ladder-'));
  try {
    const file = join(dir, 'camera.mp4');
    const made = spawnSync(
      ffmpeg,
      [
        ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=25:d=${mediaSeconds}`],
        ...['-f', 'lavfi', '-i', `sine=f=440:d=${mediaSeconds}`, '-c:v', 'libx264'],
        ...['-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(made.stderr);
    const probe = probeVideo(ffmpeg, file)!;
    const rungs = rungsFor(probe.width, probe.height);
    const out = join(dir, 'ladder');
    for (const r of rungs) mkdirSync(join(out, r.name), { recursive: true });
    const started = performance.now();
    await runFfmpeg(
      ffmpeg,
      ladderArgs({
        input: ['-i', file],
        filter: 'null',
        ...probe,
        segment: UPLOAD_SEGMENT,
        out,
        rungs,
      }),
    );
    writeFileSync(join(out, 'index.m3u8'), await ladderMaster(out, probe, rungs));
    const wallSeconds = (performance.now() - started) / 1000;
    return {
      mediaSeconds,
      wallSeconds,
      perMinute: (wallSeconds / mediaSeconds) * 60,
      rungs: rungs.map((r) => r.name),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const t = await timeLadder(Number(process.argv[2]) || 30);
  process.stdout.write(
    `ladder (${t.rungs.join(', ')}) of ${t.mediaSeconds} s of 1080p25 with sound: ${t.wallSeconds.toFixed(1)} s, ${t.perMinute.toFixed(1)} s per media minute\n`,
  );
}
