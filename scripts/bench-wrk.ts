/**
 * wrk and nginx for the benchmark (issue 13): autocannon saturates near
 * 11k requests/s on these machines and would measure itself, so throughput
 * comparisons run wrk, and every comparison shows in the same run that wrk
 * drives a static nginx well above the rates measured.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WRK = '/usr/bin/wrk';
const NGINX = '/usr/sbin/nginx';

/** Installs Debian's wrk and nginx when missing (as root), like `npm test` does for Chromium. */
export function ensureLoadTools(): void {
  const missing = [
    ...(existsSync(WRK) ? [] : ['wrk']),
    ...(existsSync(NGINX) ? [] : ['nginx-light']),
  ];
  if (!missing.length) return;
  if (process.getuid?.() !== 0)
    throw new Error(`the benchmark needs: sudo apt-get install -y ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed`);
}

export interface WrkResult {
  rps: number;
  p99ms: number;
  requests: number;
  /** Answers by status, when the run counted them (a Lua script with `statuses`). */
  statuses: Record<string, number>;
  socketErrors: number;
}

/** Lua that counts answers by status across wrk's threads and prints them at the end. */
export const COUNT_STATUSES = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for k, v in pairs(t:get("statuses")) do total[k] = (total[k] or 0) + v end
  end
  for k, v in pairs(total) do io.write(string.format("status %d %d\\n", k, v)) end
end
`;

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

/** Parses wrk's report (run with --latency). */
export function parseWrk(out: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s|m)/.exec(out);
  const se = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const statuses: Record<string, number> = {};
  for (const m of out.matchAll(/^status (\d+) (\d+)$/gm)) statuses[m[1]!] = Number(m[2]);
  return {
    rps: Math.round(rps),
    p99ms: p99 ? Math.round(toMs(p99[1]!, p99[2]!) * 10) / 10 : 0,
    requests,
    statuses,
    socketErrors: se ? se.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
  };
}

/** A bounded wrk run against one URL (or the paths a Lua script makes). */
export function wrk(
  url: string,
  opts: {
    connections?: number;
    seconds?: number;
    threads?: number;
    headers?: Record<string, string>;
    lua?: string;
  } = {},
): Promise<WrkResult> {
  const args = [
    `-t${opts.threads ?? 2}`,
    `-c${opts.connections ?? 50}`,
    `-d${opts.seconds ?? 6}s`,
    '--latency',
    '--timeout',
    '10s',
  ];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (opts.lua) {
    const file = join(mkdtempSync(join(tmpdir(), 'xxt-wrk-')), 'script.lua');
    writeFileSync(file, opts.lua);
    args.push('-s', file);
  }
  args.push(url);
  return new Promise((ok, fail) => {
    const proc = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.once('error', fail);
    proc.once('exit', (code) =>
      code === 0 ? ok(parseWrk(out)) : fail(new Error(`wrk exited ${code}: ${out}`)),
    );
  });
}

/** nginx serving one file (with its headers) from a temp prefix on a loopback port. */
export async function staticNginx(
  port: number,
  body: Buffer,
  headers: [string, string][],
  /** Runs nginx (its workers too) on this core (taskset), e.g. '0'. */
  cpu?: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'xxt-nginx-'));
  writeFileSync(join(dir, 'page'), body);
  const add = headers
    .filter(([k]) => !['content-type', 'content-length', 'etag'].includes(k.toLowerCase()))
    .map(([k, v]) => `      add_header ${k} ${JSON.stringify(v)};`)
    .join('\n');
  const type = headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'text/html';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    location / {
      root ${dir};
      default_type ${JSON.stringify(type)};
      try_files /page =404;
${add}
    }
  }
}
`,
  );
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf')];
  // taskset execs nginx in its own process: the pid stays nginx's master.
  const [cmd, argv] = cpu === undefined ? [NGINX, args] : ['taskset', ['-c', cpu, NGINX, ...args]];
  const proc: ChildProcess = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url + '/')).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((ok) => {
        if (proc.exitCode !== null) return ok();
        proc.once('exit', () => ok());
        proc.kill('SIGQUIT');
      }),
  };
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout;
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}
