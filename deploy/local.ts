/**
 * The scale-out layout on this machine (issue 14): PostgreSQL and Redis (started
 * when down), a local S3 server (s3rver) for uploads, resources and media, two or more app instances
 * of the build and nginx in front (deploy/nginx.conf.template), all on loopback.
 *
 *   npm run deploy:local -- [--instances 2] [--port 8080] [--export DIR]
 *
 * Also used by tests/deploy to start and stop the set-up. Needs a build
 * (`npm start -- --build-only`) and Debian's nginx.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { freePort } from '../scripts/free-port.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';
/** Headers of the app's pages that nginx repeats on exported files. */
const EXPORT_HEADERS = [
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
  'permissions-policy',
  'strict-transport-security',
];

export interface Instance {
  port: number;
  url: string;
  process: ChildProcess;
  /** What the instance printed (stdout and stderr), for diagnosis. */
  output: string[];
}

export interface Deployment {
  /** nginx in front of every instance. */
  url: string;
  instances: Instance[];
  /** nginx's error log (for diagnosis). */
  nginxLog: string;
  /** The instance's process has ended (after a kill). */
  exited(i: number): Promise<void>;
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  databaseUrl: string;
  redisUrl: string;
  instances?: number;
  /** nginx's port; 0 picks a free one. */
  port?: number;
  /** Seconds a cache in front may keep a page (EDGE_MAX_AGE of the instances). */
  edgeMaxAge?: number;
  /** Folder of exported pages nginx serves before asking the app (default: an empty one). */
  exportDir?: string;
  /** Extra environment for the instances. */
  env?: Record<string, string>;
}

/** A free port for a server started a moment later (scripts/free-port.ts). */
export { freePort };

async function waitFor(url: string, child: ChildProcess | null, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** nginx add_header lines repeating on exported files the headers the app gives its pages. */
export async function exportHeadersOf(instance: string): Promise<string> {
  const page = await fetch(`${instance}/`);
  return EXPORT_HEADERS.filter((h) => page.headers.has(h))
    .map((h) => `      add_header ${h} "${page.headers.get(h)!.replaceAll('"', '\\"')}" always;`)
    .join('\n');
}

export interface NginxFields {
  listen: string;
  /** Where the instances purge the page cache (EDGE_PURGE_URL); default: a free loopback port. */
  purgeListen?: string;
  upstreams: number[];
  exportDir: string;
  assetsDir: string;
  /** add_header lines for exported pages. */
  exportHeaders?: string;
  workers?: string;
}

/**
 * Fills deploy/nginx.conf.template into a temp prefix and runs nginx in the
 * foreground (checked with `nginx -t` first); answers when it serves.
 */
export async function runNginx(
  prefix: string,
  f: NginxFields,
): Promise<{ url: string; process: ChildProcess }> {
  const fields: Record<string, string> = {
    // Workers run as root only when we are root (their files are in our temp dir).
    USER: process.getuid?.() === 0 ? 'user root;' : '',
    WORKERS: f.workers ?? 'auto',
    PREFIX: prefix,
    LISTEN: f.listen,
    PURGE_LISTEN: f.purgeListen ?? `127.0.0.1:${await freePort()}`,
    UPSTREAMS: f.upstreams
      .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
      .join('\n'),
    EXPORT_DIR: f.exportDir,
    EXPORT_HEADERS: f.exportHeaders ?? '',
    ASSETS_DIR: f.assetsDir,
  };
  let text = readFileSync(join(ROOT, 'deploy/nginx.conf.template'), 'utf8');
  for (const [k, v] of Object.entries(fields)) text = text.replaceAll(`{{${k}}}`, v);
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(prefix, 'tmp', t), { recursive: true });
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, text);
  const check = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const nginx = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://${f.listen}`;
  await waitFor(`${url}/`, nginx, 60_000);
  return { url, process: nginx };
}

export async function startDeployment(opts: DeploymentOptions): Promise<Deployment> {
  if (!existsSync(join(ROOT, 'dist/server/entry.mjs')))
    throw new Error('no build: run `npm start -- --build-only` first');
  if (!existsSync(NGINX)) throw new Error('nginx is missing: apt-get install -y nginx-light');
  const dir = mkdtempSync(join(tmpdir(), 'xxt-deploy-'));
  const children: ChildProcess[] = [];
  let s3: S3rver | undefined;
  const stop = async () => {
    // A child killed by a signal has no exit code but a signal code: it is gone too.
    const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;
    for (const c of children.reverse()) if (running(c)) c.kill('SIGTERM');
    await Promise.all(
      children.map((c) => (running(c) ? new Promise((r) => c.once('exit', r)) : Promise.resolve())),
    );
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Uploads go to a bucket every instance reaches.
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: join(dir, 's3'),
      configureBuckets: [{ name: 'xxt-uploads', configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    // nginx's page-cache purge door, known to the instances before nginx starts.
    const purgePort = await freePort();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      XXT_MODE: 'demo',
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl,
      TRUST_PROXY: '1',
      EDGE_MAX_AGE: String(opts.edgeMaxAge ?? 1),
      EDGE_PURGE_URL: `http://127.0.0.1:${purgePort}/`,
      // Changes re-export their pages into the folder nginx serves first.
      EXPORT_DIR: opts.exportDir ?? join(dir, 'export'),
      STORAGE_PROVIDER: 's3',
      RESOURCE_STORAGE: 's3',
      // Media too: the demo media (MEDIA_DIR) are put into the bucket at start.
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: '1',
      S3_BUCKET: 'xxt-uploads',
      S3_REGION: 'cn-hangzhou',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...opts.env,
    };
    const instances: Instance[] = [];
    // One at a time: the first migrates and seeds, the next find it done.
    for (let i = 0; i < (opts.instances ?? 2); i++) {
      const port = await freePort();
      const child = spawn(process.execPath, [join(ROOT, 'src/server/http/main.ts')], {
        cwd: ROOT,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const output: string[] = [];
      child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
      const url = `http://127.0.0.1:${port}`;
      // Migrating, seeding and filling the bucket: minutes on a machine busy with other work.
      await waitFor(`${url}/`, child, 420_000).catch((err: unknown) => {
        throw new Error(`${String(err)}\n${output.join('')}`);
      });
      instances.push({ port, url, process: child, output });
    }
    const exportHeaders = await exportHeadersOf(instances[0]!.url);
    const exportDir = opts.exportDir ?? join(dir, 'export');
    mkdirSync(exportDir, { recursive: true });
    const port = opts.port || (await freePort());
    const nginx = await runNginx(dir, {
      listen: `127.0.0.1:${port}`,
      purgeListen: `127.0.0.1:${purgePort}`,
      upstreams: instances.map((i) => i.port),
      exportDir,
      assetsDir: join(ROOT, 'dist/client'),
      exportHeaders,
    });
    children.push(nginx.process);
    const url = nginx.url;
    return {
      url,
      instances,
      nginxLog: join(dir, 'error.log'),
      exited: (i) => {
        const c = instances[i]!.process;
        return c.exitCode !== null || c.signalCode !== null
          ? Promise.resolve()
          : new Promise((r) => c.once('exit', () => r()));
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Starts PostgreSQL and Redis from Debian's packages when they are down (as .ci/run does). */
function ensureServices(): void {
  const sh = (cmd: string) => spawnSync('sh', ['-c', cmd], { stdio: 'inherit' }).status === 0;
  if (!sh('pg_isready -h 127.0.0.1 -p 5432 -q'))
    sh(
      'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start && sleep 2',
    );
  if (!sh('redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1'))
    sh('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no');
}

if (import.meta.main) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  ensureServices();
  const d = await startDeployment({
    databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test?schema=xxt',
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    instances: Number(arg('instances', '2')),
    port: Number(arg('port', '8080')),
    // A folder `npm run export -- --out DIR` wrote: nginx serves it first, changes keep it fresh.
    exportDir: arg('export', '') ? resolve(arg('export', '')) : undefined,
  });
  process.stdout.write(
    [
      '',
      `  芯学堂 (${d.instances.length} instances behind nginx): ${d.url}`,
      ...d.instances.map((i, n) => `    instance ${n + 1}: ${i.url}`),
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => void d.stop().then(() => process.exit(0)));
}
