/**
 * The scale-out layout on this machine (issue 14): PostgreSQL and Redis (started
 * when down), a local S3 server (s3rver) for uploads, resources and media, two or more app instances
 * of the build and nginx in front (deploy/nginx.conf.template), all on loopback.
 *
 *   npm run deploy:local -- [--instances 2] [--port 8080] [--export DIR]
 *
 * It says what it is starting, prints every instance's log lines prefixed with
 * `[instance N]`, and starts an instance that dies again on the same port (saying so).
 * Ports are pinned with DEPLOY_PORT (nginx; `--port` wins), DEPLOY_INSTANCE_PORTS
 * (comma-separated, one per instance), DEPLOY_S3_PORT and DEPLOY_PURGE_PORT; unset, free
 * ones are used (nginx: 8080).
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
const BUCKET_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader></CORSRule></CORSConfiguration>`;
const NGINX = '/usr/sbin/nginx';
/**
 * Headers of the app's pages that nginx repeats on exported files. Not the
 * Content-Security-Policy: it is per page (script hashes), in each page's <meta>.
 */
const EXPORT_HEADERS = [
  'cache-control',
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
  /** The running process (a new one after a restart). */
  process: ChildProcess;
  /** Times it was started again after dying. */
  restarts: number;
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
  /** The instances' ports, in order (default: free ones). */
  instancePorts?: number[];
  /** The local S3 server's port (default: a free one). */
  s3Port?: number;
  /** nginx's page-cache purge door (default: a free port). */
  purgePort?: number;
  /** Told what is being started, what is ready, and when an instance dies or is restarted. */
  progress?: (line: string) => void;
  /** Every line an instance prints (stdout and stderr), with its number from 1. */
  instanceLog?: (n: number, line: string) => void;
  /** Starts an instance that dies again on its port (deploy:local; the tests kill on purpose). */
  restart?: boolean;
  /**
   * A CDN or load balancer in front of nginx whose X-Forwarded-For is believed (addresses or
   * CIDR ranges; default DEPLOY_TRUSTED_PROXIES, comma-separated); none: the peer is the client.
   */
  trustedProxies?: string[];
}

/** Calls `each` with every whole line of a stream, the last one at its end. */
function lines(stream: NodeJS.ReadableStream | null, each: (line: string) => void): void {
  let rest = '';
  stream?.on('data', (d: Buffer) => {
    const parts = (rest + d.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const l of parts) each(l);
  });
  stream?.on('end', () => {
    if (rest) each(rest);
    rest = '';
  });
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
  /**
   * Addresses or CIDR ranges of a CDN or load balancer in front of nginx, whose X-Forwarded-For
   * names the client (nginx's realip module); none: the peer is the client.
   */
  trustedProxies?: string[];
}

/** The realip lines for nginx.conf.template: the trusted senders of X-Forwarded-For. */
export function realIpLines(trusted: readonly string[]): string {
  if (trusted.length === 0) return '';
  for (const t of trusted)
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(t))
      throw new Error(`not an address or CIDR range: ${JSON.stringify(t)}`);
  return [
    ...trusted.map((t) => `    set_real_ip_from ${t};`),
    '    real_ip_header X-Forwarded-For;',
    '    real_ip_recursive on;',
    '',
  ].join('\n');
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
    REAL_IP: realIpLines(f.trustedProxies ?? []),
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
  const progress = opts.progress ?? (() => {});
  const children: ChildProcess[] = [];
  let s3: S3rver | undefined;
  let stopping = false;
  const instances: Instance[] = [];
  const stop = async () => {
    stopping = true;
    // A child killed by a signal has no exit code but a signal code: it is gone too.
    const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;
    // nginx first (it holds the instances' connections), then the instances.
    const all = [...children, ...instances.map((i) => i.process)];
    for (const c of all) if (running(c)) c.kill('SIGTERM');
    await Promise.all(
      all.map((c) => (running(c) ? new Promise((r) => c.once('exit', r)) : Promise.resolve())),
    );
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Uploads go to a bucket every instance reaches.
    progress('starting the local S3 server (s3rver)…');
    s3 = new S3rver({
      port: opts.s3Port ?? 0,
      address: '127.0.0.1',
      silent: true,
      directory: join(dir, 's3'),
      // Players fetch sealed segments from the bucket's pre-signed addresses (issue 23).
      configureBuckets: [{ name: 'xxt-uploads', configs: [BUCKET_CORS] }],
    });
    const { port: s3Port } = await s3.run();
    progress(`S3 server on http://127.0.0.1:${s3Port}`);
    // nginx's page-cache purge door, known to the instances before nginx starts.
    const purgePort = opts.purgePort || (await freePort());
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
    const count = opts.instances ?? 2;
    if (opts.instancePorts && opts.instancePorts.length < count)
      throw new Error(
        `${count} instances but ${opts.instancePorts.length} ports in DEPLOY_INSTANCE_PORTS`,
      );

    /** Starts instance `n` (from 1) on `port` and answers when it serves. */
    const launch = async (n: number, port: number, output: string[]): Promise<ChildProcess> => {
      const child = spawn(process.execPath, [join(ROOT, 'src/server/http/main.ts')], {
        cwd: ROOT,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const each = (line: string) => {
        output.push(line + '\n');
        opts.instanceLog?.(n, line);
      };
      lines(child.stdout, each);
      lines(child.stderr, each);
      // Migrating, seeding and filling the bucket: minutes on a machine busy with other work.
      const started = Date.now();
      await waitFor(`http://127.0.0.1:${port}/`, child, 420_000).catch((err: unknown) => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        throw new Error(`${String(err)}\n${output.join('')}`);
      });
      progress(
        `instance ${n} ready on http://127.0.0.1:${port} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
      return child;
    };

    /** When instance `i` dies outside a stop: says so and, with `restart`, starts it again. */
    const watch = (i: number) => {
      const inst = instances[i]!;
      inst.process.once('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
        if (!opts.restart) {
          progress(`instance ${i + 1} (port ${inst.port}) ${how}`);
          return;
        }
        progress(`instance ${i + 1} (port ${inst.port}) ${how}: restarting it`);
        inst.restarts++;
        launch(i + 1, inst.port, inst.output).then(
          (child) => {
            if (stopping) {
              child.kill('SIGTERM');
              return;
            }
            inst.process = child;
            watch(i);
          },
          (err: unknown) =>
            progress(
              `instance ${i + 1} did not start again, not retrying: ${String(err).split('\n')[0]}`,
            ),
        );
      });
    };

    // One at a time: the first migrates and seeds, the next find it done.
    for (let i = 0; i < count; i++) {
      const port = opts.instancePorts?.[i] || (await freePort());
      progress(
        `starting instance ${i + 1} on port ${port}${i === 0 ? ' (migrates, seeds an empty database, fills the bucket)' : ''}…`,
      );
      const output: string[] = [];
      const child = await launch(i + 1, port, output);
      instances.push({
        port,
        url: `http://127.0.0.1:${port}`,
        process: child,
        restarts: 0,
        output,
      });
      watch(i);
    }
    const exportHeaders = await exportHeadersOf(instances[0]!.url);
    const exportDir = opts.exportDir ?? join(dir, 'export');
    mkdirSync(exportDir, { recursive: true });
    const port = opts.port || (await freePort());
    progress(`starting nginx on port ${port}…`);
    const nginx = await runNginx(dir, {
      listen: `127.0.0.1:${port}`,
      purgeListen: `127.0.0.1:${purgePort}`,
      upstreams: instances.map((i) => i.port),
      exportDir,
      assetsDir: join(ROOT, 'dist/client'),
      exportHeaders,
      trustedProxies:
        opts.trustedProxies ??
        (process.env.DEPLOY_TRUSTED_PROXIES ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
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
  const portOf = (name: string, value: string | undefined): number | undefined => {
    if (!value) return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 65_535) {
      process.stderr.write(`${name}=${value} is not a port (1–65535)\n`);
      process.exit(1);
    }
    return n;
  };
  const say = (line: string) => process.stdout.write(`deploy: ${line}\n`);
  say('starting PostgreSQL and Redis when they are down…');
  ensureServices();
  const d = await startDeployment({
    databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test?schema=xxt',
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    instances: Number(arg('instances', '2')),
    port:
      portOf('--port', arg('port', '')) ?? portOf('DEPLOY_PORT', process.env.DEPLOY_PORT) ?? 8080,
    instancePorts: process.env.DEPLOY_INSTANCE_PORTS
      ? process.env.DEPLOY_INSTANCE_PORTS.split(',').map((p) =>
          portOf('DEPLOY_INSTANCE_PORTS', p.trim())!,
        )
      : undefined,
    s3Port: portOf('DEPLOY_S3_PORT', process.env.DEPLOY_S3_PORT),
    purgePort: portOf('DEPLOY_PURGE_PORT', process.env.DEPLOY_PURGE_PORT),
    // A folder `npm run export -- --out DIR` wrote: nginx serves it first, changes keep it fresh.
    exportDir: arg('export', '') ? resolve(arg('export', '')) : undefined,
    progress: say,
    instanceLog: (n, line) => process.stdout.write(`[instance ${n}] ${line}\n`),
    restart: true,
  }).catch((err: unknown) => {
    process.stderr.write(`deploy: failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
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
    process.once(sig, () => {
      say('stopping nginx and the instances…');
      void d.stop().then(() => {
        say('stopped');
        process.exit(0);
      });
    });
}
