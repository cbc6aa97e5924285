/**
 * The built server as the benchmark runs it: the real server entry on the
 * database named by DATABASE_URL (a fresh temp SQLite file when unset),
 * demo mode, so an empty database gets the demo content.
 *
 * With BENCH_HEAP_FILE set, SIGUSR2 collects the garbage and writes the heap
 * still in use (process.memoryUsage(), JSON) to that file: what the bench
 * compares before and after a flood to tell a leak from a lazy collector.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

if (!process.env.DATABASE_URL)
  process.env.DATABASE_URL = `file:${join(mkdtempSync(join(tmpdir(), 'xxt-bench-')), 'bench.db')}`;
process.env.XXT_MODE = 'demo';
const { startServer } = await import('../src/server/http/main.ts');
const { stop } = await startServer();
process.once('SIGTERM', () => void stop().then(() => process.exit(0)));

const heapFile = process.env.BENCH_HEAP_FILE;
if (heapFile) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  process.on('SIGUSR2', () => {
    gc();
    writeFileSync(heapFile, JSON.stringify(process.memoryUsage()));
  });
}
