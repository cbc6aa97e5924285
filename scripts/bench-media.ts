/**
 * Issue 23's budget, with wrk: a segment of sealed media served through its grant (an HMAC
 * over the item, the expiry, the member and the session, no query) at ≥ 0.8× the rate of the
 * same bytes served open by the same server; in the same run, a static nginx sending the
 * same bytes shows wrk is not the limit. Then the ladder: the time the `media.ladder` job's
 * ffmpeg run takes per minute of a 1080p source (scripts/bench-ladder.ts).
 *
 *   npm run build && npm run bench:media
 *
 * The server runs the current build (dist/) on a fresh demo database, with a MEDIA_DIR of
 * its own holding one lesson's files twice: sealed, and one rendition (720p of a ladder) as an
 * open item.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { check, log, printTable } from './bench-report.ts';
import { rawGet, startChild } from './bench-util.ts';
import { timeLadder } from './bench-ladder.ts';
import { ensureLoadTools, staticNginx, wrk, type WrkResult } from './bench-wrk.ts';

const PORT = Number(process.env.BENCH_PORT || 4409);
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT || 4407);
const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const ROUNDS = 3;
const mean = (xs: WrkResult[]) => Math.round(xs.reduce((n, x) => n + x.rps, 0) / xs.length);

ensureLoadTools();
const source = resolve(process.env.MEDIA_DIR || 'data/media');
if (!existsSync(join(source, 'sealed')))
  throw new Error(`no sealed media in ${source}: run npm run build first`);
const dir = mkdtempSync(join(tmpdir(), 'xxt-bench-media-'));
mkdirSync(join(dir, 'sealed'), { recursive: true });

const app = await startChild('src/server/http/main.ts', PORT, {
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  XXT_MODE: 'demo',
  MEDIA_DIR: dir,
  JOB_POLL_MS: '0',
});
const stops: (() => Promise<void>)[] = [app.stop];
try {
  // A member who bought course 1 (the seed's paid order) and the grant of its second lesson,
  // pointed at the copied item: the check costs what it costs for any sealed file.
  const login = await fetch(`${app.url}/api/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ mobile: '13800138001', password: 'Demo@2026' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${app.url}/api/media/grant`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({ lessonId: '2' }),
  });
  const { data } = (await res.json()) as { data: { url: string } };
  const [grant, sealed] = data.url.split('/').slice(3, 5) as [string, string];
  // The lesson's files, twice: sealed (through the grant) and, its 720p rendition when it is a
  // ladder, as an open item.
  cpSync(join(source, 'sealed', sealed), join(dir, 'sealed', sealed), { recursive: true });
  const rung = existsSync(join(source, 'sealed', sealed, '720p')) ? '720p/' : '';
  cpSync(join(source, 'sealed', sealed, rung), join(dir, 'video-999'), { recursive: true });
  const segment = readFileSync(join(dir, 'video-999', 'seg-000.m4s'));
  const nginx = await staticNginx(NGINX_PORT, segment, [['content-type', 'video/iso.segment']]);
  stops.push(nginx.stop);
  const signed = `${app.url}/media/s/${grant}/${sealed}/${rung}seg-000.m4s`;
  const open = `${app.url}/media/gen/video-999/seg-000.m4s`;
  for (const [name, url] of [
    ['signed', signed],
    ['open', open],
  ] as const) {
    const r = await rawGet(url, { cookie });
    if (r.status !== 200 || !r.body.equals(segment)) throw new Error(`${name}: ${r.status}`);
  }
  const refused = await rawGet(signed);
  if (refused.status !== 403) throw new Error(`a grant without its session: ${refused.status}`);
  log(`segment ${segment.length} bytes; ${SECONDS} s per run, ${ROUNDS} rounds alternating`);
  log('media on disk; with MEDIA_STORAGE=s3 sealed segments never touch the app (pre-signed)');

  const runs = { signed: [] as WrkResult[], open: [] as WrkResult[], nginx: [] as WrkResult[] };
  const opts = { connections: 50, seconds: SECONDS, headers: { cookie } };
  for (let i = 0; i < ROUNDS; i++) {
    runs.nginx.push(await wrk(`${nginx.url}/`, opts));
    runs.signed.push(await wrk(signed, opts));
    runs.open.push(await wrk(open, opts));
  }
  const [s, o, n] = [mean(runs.signed), mean(runs.open), mean(runs.nginx)];
  log(`signed ${s} req/s, open ${o} req/s, static nginx ${n} req/s (same bytes)`);
  const ratio = s / o;
  check('sealed segment vs the same bytes open', `${ratio.toFixed(2)}×`, '≥ 0.8×', ratio >= 0.8);
  check(
    'wrk drives static nginx above both',
    `${(n / Math.max(s, o)).toFixed(1)}×`,
    '> 1×',
    n > Math.max(s, o),
  );
} finally {
  for (const stop of stops) await stop();
}
// After the server has stopped, so ffmpeg has the machine.
const ladder = await timeLadder();
log(
  `ladder ${ladder.rungs.join(' + ')} of ${ladder.mediaSeconds} s of 1080p25 with sound in ${ladder.wallSeconds.toFixed(1)} s`,
);
check(
  'ladder generation time per media minute (1080p source, 3 rungs)',
  `${ladder.perMinute.toFixed(1)} s`,
  'printed',
  true,
);
printTable();
