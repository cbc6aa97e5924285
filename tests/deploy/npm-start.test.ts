/**
 * `npm start` under npm (issue 24): SIGTERM to npm — what a service manager or a container
 * runtime sends to the process it started — stops the server it runs: npm exits after it,
 * nothing it started is left running and the port is free. (npm signals the shell of the
 * script, which does not pass it on: the server stayed, orphaned and listening.)
 * The same while it builds: the build's processes (astro) stop with it.
 * Needs the build (`npm run build`); `npm start` builds only when the sources are newer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';

/** Every process below `pid` (from /proc), with its command line. */
function descendants(pid: number): { pid: number; cmd: string }[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(name), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: { pid: number; cmd: string }[] = [];
  const walk = (p: number) => {
    for (const [child, pp] of parent)
      if (pp === p) {
        let cmd = '';
        try {
          cmd = readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        } catch {
          // Gone meanwhile.
        }
        found.push({ pid: child, cmd });
        walk(child);
      }
  };
  walk(pid);
  return found;
}

/** Whether a process exists (a zombie counts as gone: it runs nothing and holds no port). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = connect(port, HOST);
    s.once('connect', () => {
      s.destroy();
      ok(true);
    });
    s.once('error', () => ok(false));
  });
}

describe('npm start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xxt-npm-start-'));
  let npm: ChildProcess | undefined;
  let left: number[] = [];

  afterAll(() => {
    // Whatever a failed run left behind, by the ids this test saw.
    for (const pid of left) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (npm && npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('SIGTERM to npm stops the server: npm exits after it, no process stays, the port is free', async () => {
    if (!existsSync(join(ROOT, 'dist/server/entry.mjs')))
      throw new Error('no build: run `npm run build` first');
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        XXT_MODE: 'demo',
        HOST,
        PORT: String(port),
        DATABASE_URL: `file:${join(dir, 'site.db')}`,
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: string[] = [];
    npm.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
    npm.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((ok) =>
      npm!.once('exit', (code, signal) => ok({ code, signal })),
    );
    // Built already (or building first), then migrating and seeding: waits for the line.
    await new Promise<void>((ok, fail) => {
      const look = () => {
        if (out.join('').includes('"msg":"listening"')) ok();
      };
      npm!.stdout!.on('data', look);
      void exited.then(({ code }) =>
        fail(new Error(`npm start exited (${code}) before listening:\n${out.join('')}`)),
      );
    });
    expect(await listening(port)).toBe(true);
    const started = descendants(npm.pid!);
    left = started.map((p) => p.pid);
    expect(started.some((p) => p.cmd.includes('scripts/start.ts'))).toBe(true);

    npm.kill('SIGTERM');
    const { code } = await exited;
    const remaining = started.filter((p) => alive(p.pid));
    expect(remaining).toEqual([]);
    expect(await listening(port)).toBe(false);
    expect(out.join('')).toContain('"msg":"stopped: requests drained, database closed"');
    expect(code).toBe(0);
  });

  it('SIGTERM to npm while it builds stops the build too: no astro process stays', async () => {
    const out: string[] = [];
    // A build of its own, in a folder of its own: the one the other tests use stays whole.
    const build = spawn('npm', ['run', 'build'], {
      cwd: ROOT,
      env: { ...process.env, ASTRO_OUT_DIR: join(dir, 'dist') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    build.stdout.on('data', (d: Buffer) => out.push(d.toString()));
    build.stderr.on('data', (d: Buffer) => out.push(d.toString()));
    const exited = new Promise<number | null>((ok) => build.once('exit', (code) => ok(code)));
    // Astro is running once it has written something after the line that starts it.
    await new Promise<void>((ok, fail) => {
      const look = () => {
        const text = out.join('');
        const at = text.indexOf('building (astro build)');
        if (at >= 0 && text.slice(at).split('\n').length > 2) ok();
      };
      build.stdout.on('data', look);
      build.stderr.on('data', look);
      void exited.then((code) =>
        fail(new Error(`the build ended (${code}) first:\n${out.join('')}`)),
      );
    });
    const started = descendants(build.pid!);
    left = started.map((p) => p.pid);
    expect(started.some((p) => p.cmd.includes('astro'))).toBe(true);

    build.kill('SIGTERM');
    const code = await exited;
    expect(started.filter((p) => alive(p.pid))).toEqual([]);
    // Stopped, not finished: npm reports the signal's exit code and the build wrote no stamp.
    expect(code).toBe(143);
    expect(existsSync(join(dir, 'dist/.build-stamp'))).toBe(false);
  });
});
