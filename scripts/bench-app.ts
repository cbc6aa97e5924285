/**
 * The built server as the benchmark runs it: the real server entry on the
 * database named by DATABASE_URL (a fresh temp SQLite file when unset),
 * demo mode, so an empty database gets the demo content.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.DATABASE_URL)
  process.env.DATABASE_URL = `file:${join(mkdtempSync(join(tmpdir(), 'xxt-bench-')), 'bench.db')}`;
process.env.XXT_MODE = 'demo';
const { startServer } = await import('../src/server/http/main.ts');
const { stop } = await startServer();
process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
