/**
 * Replays become automatic (issue 23), on SQLite and PostgreSQL: a broadcast made in the console
 * has a `live.replay` job due at its end; when its recording is complete in the media store the
 * recording becomes the replay, before that the page and the play call say 回放正在制作中 and
 * never 可观看回放; a broadcast whose stream is elsewhere says there will be no replay; moving
 * the end moves the job.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
import {
  getLiveDetail,
  LIVE_MSG,
  REPLAY_RETRY_MS,
} from '../../../src/server/services/live/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin: string;
let member: string;
let dir: string;
const MIN = 60_000;
const ITEM = 'ab'.repeat(12);
const STREAM = `/media/sealed/${ITEM}/index.m3u8`;

const run = () => runDueJobs(rt.deps, JOB_HANDLERS);

function writeRecording(ended: boolean) {
  const d = join(dir, 'sealed', ITEM);
  mkdirSync(d, { recursive: true });
  writeFileSync(
    join(d, 'index.m3u8'),
    `#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg-000.m4s\n${ended ? '#EXT-X-ENDLIST\n' : ''}`,
  );
}

async function createLive(streamUrl: string, endInMinutes: number): Promise<number> {
  const now = rt.clock.now().getTime();
  const { body } = await rt.post<{ id: number }>(
    '/api/admin/live/create',
    {
      title: `回放测试 ${streamUrl.slice(-20)}`,
      description: '录像自动成为回放。',
      speaker: '王工',
      startAt: new Date(now + MIN).toISOString(),
      endAt: new Date(now + endInMinutes * MIN).toISOString(),
      streamUrl,
    },
    admin,
  );
  expect(body.code, body.message).toBe(200);
  return body.data.id;
}

const replayOf = async (id: number) => (await getLiveDetail(rt.deps, id))!.replay;
const play = (id: number) =>
  rt.get<{ play: { streamUrl: string | null } }>(`/api/live_broadcast/play/${id}`, member);
const jobOf = (id: number) =>
  rt.db
    .selectFrom('jobs')
    .select(['run_at', 'status'])
    .where('dedupe_key', '=', `live-replay:${id}`)
    .executeTakeFirst();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xxt-replay-'));
  rt = await createTestRuntime({
    providerEnv: { MEDIA_DIR: dir },
    // The jobs table (not pg-boss) on PostgreSQL too, so the test runs the jobs itself.
    config: { jobsBackend: 'table' },
  });
  admin = await rt.tokenFor(DEMO.admin);
  member = await rt.tokenFor(DEMO.members[0]);
});

afterAll(async () => {
  await rt?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a broadcast with a stream on this site', () => {
  let id: number;

  it('has its replay job due at its end, and moving the end moves it', async () => {
    id = await createLive(STREAM, 10);
    const job = await jobOf(id);
    expect(job).toMatchObject({ status: 'pending' });
    const end = (await getLiveDetail(rt.deps, id))!.endAt;
    expect(Date.parse(job!.run_at)).toBe(Date.parse(end));
    const later = new Date(rt.clock.now().getTime() + 30 * MIN).toISOString();
    const { body } = await rt.post(
      '/api/admin/live/update',
      { id: String(id), endAt: later },
      admin,
    );
    expect(body.code, body.message).toBe(200);
    expect(Date.parse((await jobOf(id))!.run_at)).toBe(Date.parse(later));
  });

  it('says 回放正在制作中 after the end while the recording is missing or still open', async () => {
    rt.clock.advance(31 * MIN);
    await run();
    expect(await replayOf(id)).toBe('pending');
    const res = await play(id);
    expect(res.body.code).toBe(404);
    expect(res.body.message).toBe(LIVE_MSG.replayNotReady);
    // The recording is being written: no #EXT-X-ENDLIST yet.
    writeRecording(false);
    rt.clock.advance(REPLAY_RETRY_MS);
    await run();
    expect(await replayOf(id)).toBe('pending');
  });

  it('makes the complete recording the replay at the next look, and the replay plays', async () => {
    writeRecording(true);
    rt.clock.advance(REPLAY_RETRY_MS);
    await run();
    expect(await replayOf(id)).toBe('ready');
    const row = await rt.db
      .selectFrom('live_broadcasts')
      .select('replay_url')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.replay_url).toBe(STREAM);
    const res = await play(id);
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.play.streamUrl).toContain(`/${ITEM}/index.m3u8`);
    expect((await jobOf(id))!.status).toBe('done');
  });
});

describe('a broadcast recorded as a quality ladder', () => {
  const LADDER = 'cd'.repeat(12);
  function writeLadder(ended: Record<'360p' | '720p', boolean>) {
    const d = join(dir, 'sealed', LADDER);
    mkdirSync(d, { recursive: true });
    writeFileSync(
      join(d, 'index.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360\n360p/index.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=1280x720\n720p/index.m3u8\n',
    );
    for (const rung of ['360p', '720p'] as const) {
      mkdirSync(join(d, rung), { recursive: true });
      writeFileSync(
        join(d, rung, 'index.m3u8'),
        `#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg-000.m4s\n${ended[rung] ? '#EXT-X-ENDLIST\n' : ''}`,
      );
    }
  }

  it('waits for every rendition to end (a master playlist never ends itself), then plays', async () => {
    const stream = `/media/sealed/${LADDER}/index.m3u8`;
    const id = await createLive(stream, 5);
    writeLadder({ '360p': true, '720p': false });
    rt.clock.advance(6 * MIN);
    await run();
    expect(await replayOf(id)).toBe('pending');
    writeLadder({ '360p': true, '720p': true });
    rt.clock.advance(REPLAY_RETRY_MS);
    await run();
    expect(await replayOf(id)).toBe('ready');
    const res = await play(id);
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.play.streamUrl).toContain(`/${LADDER}/index.m3u8`);
  });
});

describe('a broadcast streamed elsewhere', () => {
  it('says there will be no replay, not that one is being made', async () => {
    const id = await createLive('https://live.example.com/hls/abc.m3u8', 5);
    rt.clock.advance(6 * MIN);
    await run();
    expect(await replayOf(id)).toBe('none');
    const res = await play(id);
    expect(res.body.message).toBe(LIVE_MSG.replayNone);
  });
});
