/**
 * `npm run deploy:local` as an operator sees it (issue 24): it says what it starts, shows the
 * instances' log lines prefixed with their number, takes its ports from DEPLOY_PORT,
 * DEPLOY_INSTANCE_PORTS, DEPLOY_S3_PORT and DEPLOY_PURGE_PORT, and when an instance dies says
 * so and starts it again on its port, behind the same nginx. Needs the build, PostgreSQL,
 * Redis and nginx (as tests/deploy/multi-instance.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dbUrl = process.env.DATABASE_URL;

/** The processes below `pid` whose command line holds `part` (from /proc). */
function below(pid: number, part: string): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const all: number[] = [];
  const walk = (p: number) => {
    for (const [child, pp] of parent)
      if (pp === p) {
        all.push(child);
        walk(child);
      }
  };
  walk(pid);
  return all.filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(part);
    } catch {
      return false;
    }
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      ok(true);
    });
    s.once('error', () => ok(false));
  });
}

describe.runIf(dbUrl?.startsWith('postgres') && existsSync('/usr/sbin/nginx'))(
  'deploy:local for an operator',
  () => {
    const schema = `deploy_op_${process.pid}_${randomBytes(3).toString('hex')}`;
    let deploy: ChildProcess | undefined;

    afterAll(async () => {
      if (deploy && deploy.exitCode === null && deploy.signalCode === null) {
        deploy.kill('SIGTERM');
        await new Promise((r) => deploy!.once('exit', r));
      }
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    });

    it('prints progress and prefixed instance logs, pins its ports, restarts a dead instance', async () => {
      const [nginxPort, instancePort, s3Port, purgePort] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      const url = new URL(dbUrl!);
      url.searchParams.set('schema', schema);
      const run = `${process.pid}-${randomBytes(4).toString('hex')}`;
      deploy = spawn(process.execPath, [join(ROOT, 'deploy/local.ts'), '--instances', '1'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          DEPLOY_PORT: String(nginxPort),
          DEPLOY_INSTANCE_PORTS: String(instancePort),
          DEPLOY_S3_PORT: String(s3Port),
          DEPLOY_PURGE_PORT: String(purgePort),
          // Keys and channels of this run's own on the machine's Redis.
          RATE_LIMIT_PREFIX: `xxt:deploy-op:${run}`,
          CACHE_CHANNEL: `xxt:deploy-op:${run}:cache`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out: string[] = [];
      const text = () => out.join('');
      const exited = new Promise<number | null>((ok) => deploy!.once('exit', (c) => ok(c)));
      const waiters: (() => void)[] = [];
      const onData = (d: Buffer) => {
        out.push(d.toString());
        for (const w of waiters.splice(0)) w();
      };
      deploy.stdout!.on('data', onData);
      deploy.stderr!.on('data', onData);
      /** Waits until the output holds `part` `times` times (or fails when deploy:local exits). */
      const seen = (part: string, times = 1) =>
        new Promise<void>((ok, fail) => {
          const look = () => {
            if (text().split(part).length - 1 >= times) ok();
            else waiters.push(look);
          };
          void exited.then((c) => fail(new Error(`deploy:local exited (${c}):\n${text()}`)));
          look();
        });

      await seen('Ctrl-C stops everything.');
      const progress = text()
        .split('\n')
        .filter((l) => l.startsWith('deploy: '));
      expect(progress.slice(0, 6)).toEqual([
        'deploy: starting PostgreSQL and Redis when they are down…',
        'deploy: starting the local S3 server (s3rver)…',
        `deploy: S3 server on http://127.0.0.1:${s3Port}`,
        `deploy: starting instance 1 on port ${instancePort} (migrates, seeds an empty database, fills the bucket)…`,
        expect.stringMatching(
          new RegExp(
            `^deploy: instance 1 ready on http://127\\.0\\.0\\.1:${instancePort} \\(\\d+ s\\)$`,
          ),
        ),
        `deploy: starting nginx on port ${nginxPort}…`,
      ]);
      // The instance's own log, line by line, with its number.
      expect(text()).toMatch(/^\[instance 1\] \{.*"msg":"listening"/m);
      expect(text()).toContain(`http://127.0.0.1:${nginxPort}`);
      expect((await fetch(`http://127.0.0.1:${nginxPort}/`)).status).toBe(200);
      expect(await listening(purgePort)).toBe(true);

      const [first] = below(deploy.pid!, 'src/server/http/main.ts');
      expect(first).toBeDefined();
      process.kill(first!, 'SIGKILL');
      await seen(`deploy: instance 1 (port ${instancePort}) killed by SIGKILL: restarting it`);
      await seen(`deploy: instance 1 ready on http://127.0.0.1:${instancePort}`, 2);
      const [second] = below(deploy.pid!, 'src/server/http/main.ts');
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect((await fetch(`http://127.0.0.1:${instancePort}/`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${nginxPort}/`)).status).toBe(200);

      const children = below(deploy.pid!, '');
      deploy.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(text()).toContain('deploy: stopped');
      // A stop is not a death: nothing is restarted, and nothing is left.
      expect(text()).not.toContain('exited with code 0: restarting');
      for (const port of [nginxPort, instancePort, s3Port, purgePort])
        expect(await listening(port)).toBe(false);
      const alive = children.filter((p) => existsSync(`/proc/${p}`));
      expect(alive).toEqual([]);
    });
  },
);
