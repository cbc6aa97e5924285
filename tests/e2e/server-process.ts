/**
 * A server of the build in its own process, for the browser tests that need one beside the main
 * test server (another origin, another database, another switch): started with `env` over this
 * process's environment on `port` (or a free one), ready when it logs its "listening" line
 * (however long migrating and seeding take), failed as soon as it exits before that.
 */
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/free-port.ts';

export interface ServerProcess {
  url: string;
  port: number;
  /** SIGTERM; resolves when the process has exited. */
  stop(): Promise<void>;
}

export async function startServerProcess(
  script: 'scripts/e2e-server.ts' | 'src/server/http/main.ts',
  env: Record<string, string>,
  opts: { port?: number; ownRedis?: boolean } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const base: NodeJS.ProcessEnv = { ...process.env };
  // Its own rate limits and cache channel in memory: not the main test server's Redis keys.
  if (opts.ownRedis) delete base.REDIS_URL;
  const child = spawn(process.execPath, [script], {
    env: { ...base, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('"msg":"listening"')) ready();
    });
    child.once('exit', (code) => fail(new Error(`${script} exited (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
