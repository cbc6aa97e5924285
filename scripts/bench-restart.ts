/**
 * Issue 24's restart budget: the time from starting the server again after a `kill -9` to its
 * first answer of the home page, on the demo's SQLite database and the current build (dist/),
 * five rounds, the median printed against the 5 s budget. The server's start reads the kept
 * compressed forms of the assets (src/server/http/static-files.ts) instead of making them.
 *
 *   npm run build && npm run bench:restart
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, log, printTable } from './bench-report.ts';
import { startChild } from './bench-util.ts';

const PORT = Number(process.env.BENCH_PORT || 4411);
const ROUNDS = 5;
const BUDGET_MS = 5000;
const dir = mkdtempSync(join(tmpdir(), 'xxt-bench-restart-'));
const env = { DATABASE_URL: `file:${join(dir, 'demo.db')}`, XXT_MODE: 'demo' };

// The first start migrates and seeds the demo database; the rounds restart on it.
let child = await startChild('src/server/http/main.ts', PORT, env);
const times: number[] = [];
try {
  for (let i = 0; i < ROUNDS; i++) {
    child.proc.kill('SIGKILL');
    await new Promise((ok) => child.proc.once('exit', ok));
    const t0 = performance.now();
    child = await startChild('src/server/http/main.ts', PORT, env);
    times.push(performance.now() - t0);
  }
} finally {
  await child.stop();
  rmSync(dir, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
const median = times[Math.floor(ROUNDS / 2)]!;
log(
  `restart after kill -9 to the first answer: ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`,
);
check(
  'restart after kill -9 to the first answer (median of 5)',
  `${Math.round(median)} ms`,
  `≤ ${BUDGET_MS} ms`,
  median <= BUDGET_MS,
);
printTable();
if (median > BUDGET_MS) process.exitCode = 1;
