/**
 * The server the browser tests drive: the real build, on a fresh SQLite
 * database seeded with the demo content, in demo mode.
 *
 * Everything it holds is its own, so that two runs on one machine never meet:
 * the database in a fresh temp folder, with REDIS_URL (CI) the rate limits under
 * a key prefix and the cache invalidations on a channel of this run, and with
 * PORT unset or 0 a free port, printed in its "listening" line (playwright.config.ts
 * reads it there).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

const dir = mkdtempSync(join(tmpdir(), 'xxt-e2e-'));
const run = `${process.pid}-${randomUUID()}`;
process.env.DATABASE_URL = `file:${join(dir, 'e2e.db')}`;
process.env.XXT_MODE = 'demo';
process.env.RATE_LIMIT_PREFIX = `xxt:e2e:${run}`;
process.env.CACHE_CHANNEL = `xxt:e2e:${run}:cache`;
// Each test is its own client address (tests/e2e/support.ts asOwnClient), and a test may walk
// a hundred pages as fast as Chromium loads them: the per-client render budget stays on, far
// above that (tests/e2e/render-budget.spec.ts checks the default on a server of its own).
process.env.RENDER_RATE ??= '1000';
process.env.RENDER_BURST ??= '1000';
// The port is known before start: the site's own URL (canonical links, SITE_URL's default) has it.
if (!process.env.PORT || process.env.PORT === '0')
  process.env.PORT = String(await freePort(process.env.HOST || '127.0.0.1'));
const { main } = await import('../src/server/http/main.ts');
await main();
