/**
 * Issue 30's start budgets, as a user meets them: `npm start` on a tree that is already built
 * (to its first 200 of `/`, on the database it seeded before and on an empty one it must seed),
 * and a fresh clone's `npm ci && npm start` (the README's first command) to its first 200.
 * Every line the start prints is timed, and the longest silence is reported with the line
 * before it, so a step that runs long without saying what it does shows up here.
 *
 *   npm run bench:start                 the fresh clone (minutes: install, demo media, build)
 *   BENCH_SKIP=fresh npm run bench:start   only the built tree (the bench's own build)
 *
 * The clone is of this repository's HEAD (committed work only), in a temporary folder; it runs
 * the system's npm, as the README's reader does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, log, printTable } from './bench-report.ts';
import { BENCH, rawGet } from './bench-util.ts';

const PORT = Number(process.env.BENCH_START_PORT || 4412);
const BUDGET_MS = 5000;

export interface StartRun {
  /** From spawning `npm start` to the first 200 of `/`. */
  ms: number;
  /** The longest gap between two printed lines (or the last line and the first 200). */
  silence: { ms: number; after: string };
  lines: { at: number; text: string }[];
}

/** `npm start` in `cwd` until `/` answers 200; then SIGTERM to its process group. */
async function timedStart(cwd: string, env: Record<string, string>): Promise<StartRun> {
  const t0 = performance.now();
  const proc = spawn('npm', ['start'], {
    cwd,
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: StartRun['lines'] = [];
  let rest = '';
  const take = (chunk: Buffer) => {
    rest += chunk.toString();
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n')) {
      const text = rest.slice(0, i).trim();
      rest = rest.slice(i + 1);
      if (text) lines.push({ at: performance.now() - t0, text });
    }
  };
  proc.stdout.on('data', take);
  proc.stderr.on('data', take);
  const exited = new Promise<void>((ok) => proc.once('exit', () => ok()));
  try {
    for (;;) {
      if (proc.exitCode !== null)
        throw new Error(
          `npm start exited with ${proc.exitCode}:\n${lines
            .slice(-10)
            .map((l) => l.text)
            .join('\n')}`,
        );
      const res = await rawGet(`http://127.0.0.1:${PORT}/`).catch(() => null);
      if (res?.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - t0;
    // What it printed until it served; its stopping lines come later and are not the start's.
    const printed = lines.slice();
    let silence = { ms: 0, after: '(start)' };
    let prev = { at: 0, text: '(start)' };
    for (const l of [...printed, { at: ms, text: '(first 200)' }]) {
      if (l.at - prev.at > silence.ms) silence = { ms: l.at - prev.at, after: prev.text };
      prev = l;
    }
    return { ms, silence, lines: printed };
  } finally {
    if (proc.pid) process.kill(-proc.pid, 'SIGTERM');
    await exited;
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const short = (text: string) => (text.length > 70 ? text.slice(0, 67) + '…' : text);

function builtTreeChecks(label: string, seeded: StartRun, empty: StartRun): void {
  check(
    `npm start on a built tree (${label}) to the first 200, database seeded before`,
    `${s(seeded.ms)} (longest silence ${s(seeded.silence.ms)} after “${short(seeded.silence.after)}”)`,
    `≤ ${BUDGET_MS / 1000} s`,
    seeded.ms <= BUDGET_MS,
  );
  check(
    `npm start on a built tree (${label}) to the first 200, empty database (migrate and seed)`,
    `${s(empty.ms)} (longest silence ${s(empty.silence.ms)} after “${short(empty.silence.after)}”)`,
    `≤ ${BUDGET_MS / 1000} s`,
    empty.ms <= BUDGET_MS,
  );
}

/** Runs the start budgets; the fresh clone unless `fresh` is skipped. */
export async function startTimes(skipFresh: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'xxt-bench-start-'));
  try {
    if (skipFresh) {
      // The bench's own build, in this checkout, on databases of its own.
      const env = { ASTRO_OUT_DIR: BENCH.outDir, XXT_MODE: 'demo' };
      const db = { DATABASE_URL: `file:${join(dir, 'demo.db')}` };
      log('npm start on the built tree, empty database');
      const empty = await timedStart(process.cwd(), { ...env, ...db });
      log('npm start on the built tree again, the database seeded');
      const seeded = await timedStart(process.cwd(), { ...env, ...db });
      builtTreeChecks(BENCH.outDir, seeded, empty);
      return { builtTree: { seeded, empty } };
    }
    const clone = join(dir, 'clone');
    log(`fresh clone of HEAD into ${clone}`);
    const git = spawnSync('git', ['clone', '-q', process.cwd(), clone], { stdio: 'inherit' });
    if (git.status !== 0) throw new Error('git clone failed');
    const t0 = performance.now();
    log('npm ci (the README’s first command, first half)');
    const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: clone,
      stdio: 'ignore',
    });
    if (ci.status !== 0) throw new Error(`npm ci failed with ${ci.status}`);
    const ciMs = performance.now() - t0;
    log(`npm ci took ${s(ciMs)}; npm start (media, build, migrate, seed, serve)`);
    const first = await timedStart(clone, {});
    // The five longest silences, in the order they came: what the start was doing meanwhile.
    const gaps = first.lines.map((l, i) => ({
      l,
      gap: (first.lines[i + 1]?.at ?? first.ms) - l.at,
    }));
    const longest = new Set([...gaps].sort((a, b) => b.gap - a.gap).slice(0, 5));
    for (const { l, gap } of gaps.filter((g) => longest.has(g)))
      log(`  ${s(l.at)} “${short(l.text)}”, then ${s(gap)} until the next line`);
    check(
      'fresh clone: npm ci && npm start to the first 200',
      `${s(ciMs + first.ms)} (npm ci ${s(ciMs)}, npm start ${s(first.ms)}; longest silence ${s(first.silence.ms)} after “${short(first.silence.after)}”)`,
      'printed',
      true,
    );
    log('npm start again on the clone (built, seeded)');
    const seeded = await timedStart(clone, {});
    log('npm start on the clone with an empty database');
    const empty = await timedStart(clone, { DATABASE_URL: `file:${join(dir, 'empty.db')}` });
    builtTreeChecks('the clone', seeded, empty);
    return { fresh: { ciMs, start: first }, builtTree: { seeded, empty } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
  await startTimes(skip.has('fresh'));
  printTable();
}
