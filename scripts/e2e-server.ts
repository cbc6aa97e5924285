/**
 * The server the browser tests drive: the real build, on a fresh SQLite
 * database seeded with the demo content, in demo mode.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'xxt-e2e-'));
process.env.DATABASE_URL = `file:${join(dir, 'e2e.db')}`;
process.env.XXT_MODE = 'demo';
// With REDIS_URL (CI), limits are kept in Redis: a fresh key space per run, like the database.
process.env.RATE_LIMIT_PREFIX = `xxt:e2e:${Date.now()}`;
const { main } = await import('../src/server/http/main.ts');
await main();
