/**
 * Issue 12 budget: the operations console leaves public pages' JavaScript
 * unchanged. The same source tree is built twice, as it is and with the
 * console removed (src/console and src/pages/admin), and cold loads of the
 * public pages in Chromium are compared: the scripts each page runs before
 * its load event, by name and by bytes, must be the same in both builds.
 * A shared chunk split out because the console also uses React (or any
 * other public module) would show here as a changed file or size.
 *
 * Alone: `npx node scripts/bench-console.ts` (builds twice, about a minute
 * and a half here); also part of `npm run bench`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, measurePage, type PageMetrics } from './bench-browser.ts';
import { check, log, printTable } from './bench-report.ts';
import { rawGet } from './bench-util.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CONSOLE_PATHS = ['src/console', 'src/pages/admin'];

/** A copy of the working tree (tracked and new files) without the console. */
function treeWithoutConsole(): string {
  const dir = join(tmpdir(), 'xxt-bench-noconsole');
  rmSync(dir, { recursive: true, force: true });
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .stdout.split('\0')
    .filter(Boolean);
  for (const f of files) {
    if (CONSOLE_PATHS.some((p) => f === p || f.startsWith(p + '/'))) continue;
    if (!existsSync(join(ROOT, f))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function build(cwd: string, outDir: string): void {
  const run = spawnSync('npx', ['astro', 'build'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', ASTRO_OUT_DIR: outDir },
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (run.status !== 0) {
    process.stderr.write(run.stdout.slice(-2000) + run.stderr.slice(-2000));
    throw new Error(`astro build in ${cwd} failed`);
  }
}

async function serve(cwd: string, outDir: string, port: number) {
  const proc = spawn(process.execPath, ['scripts/bench-app.ts'], {
    cwd,
    env: { ...process.env, ASTRO_OUT_DIR: outDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server in ${cwd} exited with ${proc.exitCode}`);
    try {
      if ((await rawGet(url + '/')).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server in ${cwd} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((ok) => {
        if (proc.exitCode !== null) return ok();
        proc.once('exit', () => ok());
        proc.kill('SIGTERM');
      }),
  };
}

async function firstId(base: string, api: string, key: string): Promise<number> {
  const body = JSON.parse((await rawGet(base + api)).body.toString()) as {
    data: Record<string, { id: number }[]>;
  };
  return body.data[key]![0]!.id;
}

/**
 * The code a page ran before load, content hashes in file names blanked: a
 * lazily imported chunk's name may change between builds (it is a hash of
 * that chunk), which changes the importing file by as many bytes while its
 * code stays the same. Any other difference is a real change.
 */
async function codeOf(base: string, m: PageMetrics): Promise<string> {
  const parts: string[] = [];
  for (const f of m.jsFiles) {
    const path = f.split(' ')[0]!;
    const body = (await rawGet(base + path)).body.toString();
    parts.push(unhash(path) + '\n' + unhash(body));
  }
  return parts.sort().join('\n');
}
const unhash = (s: string) => s.replace(/\.[A-Za-z0-9_-]{8}\.js/g, '.js');

/** Lazily loaded public chunks (islands on first use), by name without hash: bytes in each build. */
function publicChunks(withDir: string, withoutDir: string) {
  const sizes = (dir: string) =>
    new Map(
      readdirSync(join(dir, 'client/_astro'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => [unhash(f), statSync(join(dir, 'client/_astro', f)).size] as const),
    );
  const w = sizes(withDir);
  const wo = sizes(withoutDir);
  let bytesWith = 0;
  let bytesWithout = 0;
  const changed: string[] = [];
  for (const [name, size] of wo) {
    const other = w.get(name);
    if (other === undefined) continue;
    bytesWith += other;
    bytesWithout += size;
    if (other !== size) changed.push(`${name} ${size} → ${other} B`);
  }
  return { bytesWith, bytesWithout, changed, consoleOnly: [...w.keys()].filter((n) => !wo.has(n)) };
}

export interface ConsoleIsolation {
  pages: { path: string; with: PageMetrics; without: PageMetrics; same: boolean }[];
  chunks: ReturnType<typeof publicChunks>;
}

export async function consoleIsolation(): Promise<ConsoleIsolation> {
  // Each build inside its own tree: the server bundle resolves packages from its node_modules.
  const outWith = join(ROOT, 'dist-bench-console');
  log('console isolation: building the tree as it is, then without src/console and /admin');
  build(ROOT, outWith);
  const bare = treeWithoutConsole();
  const outWithout = join(bare, 'dist');
  build(bare, outWithout);
  const a = await serve(ROOT, outWith, 4406);
  const b = await serve(bare, outWithout, 4407);
  const browser = await chromium.launch(CHROMIUM);
  try {
    const article = await firstId(a.url, '/api/article/list?page=1&size=1', 'list');
    const paths = [
      '/',
      `/article/${article}`,
      '/courses',
      '/live',
      '/shortvideo',
      '/learningtools',
    ];
    const pages: ConsoleIsolation['pages'] = [];
    for (const path of paths) {
      const w = await measurePage(browser, a.url, path);
      const wo = await measurePage(browser, b.url, path);
      const [cw, cwo] = [await codeOf(a.url, w), await codeOf(b.url, wo)];
      const sameFiles =
        JSON.stringify([...w.jsFiles].sort()) === JSON.stringify([...wo.jsFiles].sort());
      const same = cw === cwo && sameFiles;
      pages.push({ path, with: w, without: wo, same });
      check(
        `${path} JS before load, with vs without the console`,
        `${w.jsBeforeLoadBytes} B / ${wo.jsBeforeLoadBytes} B in ${w.jsFiles.length} files, ${cw === cwo ? 'same code' : 'code differs'}, ${sameFiles ? 'same files' : 'files differ'}`,
        'same files',
        same,
      );
    }
    const chunks = publicChunks(outWith, outWithout);
    check(
      'public island chunks (after load), with vs without the console',
      `${chunks.bytesWith} B / ${chunks.bytesWithout} B${chunks.changed.length ? ': ' + chunks.changed.join(', ') : ''}`,
      'identical',
      chunks.changed.length === 0 && chunks.bytesWith === chunks.bytesWithout,
    );
    return { pages, chunks };
  } finally {
    await browser.close();
    await a.stop();
    await b.stop();
  }
}

if (import.meta.main) {
  await consoleIsolation();
  printTable();
}
