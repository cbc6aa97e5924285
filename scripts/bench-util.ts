/**
 * Helpers of the benchmark (scripts/bench.ts): child servers on loopback,
 * bounded autocannon runs, raw (still compressed) GETs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { request } from 'node:http';
import autocannon from 'autocannon';

/** The build folder and ports the benchmark owns, so it never collides with tests or the lead. */
export const BENCH = {
  outDir: process.env.ASTRO_OUT_DIR || 'dist-bench',
  appPort: Number(process.env.BENCH_PORT || 4409),
  barePort: Number(process.env.BENCH_BARE_PORT || 4408),
  /** Seconds of each load run: bounded, so the whole bench takes minutes. */
  seconds: Number(process.env.BENCH_SECONDS || 6),
  connections: 50,
};

/** What a browser sends: compressed answers. */
export const BR = { 'accept-encoding': 'br, gzip' };
/** The app servers serve the benchmark's own build. */
export const APP_ENV = { ASTRO_OUT_DIR: BENCH.outDir };

export interface Child {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a Node script as a child server and waits until `readyPath` answers. */
export async function startChild(
  script: string,
  port: number,
  env: Record<string, string>,
  readyPath = '/',
  /** Pins the server to this CPU (taskset): one core per instance, as on separate machines. */
  cpu?: number,
): Promise<Child> {
  const [cmd, args] =
    cpu === undefined
      ? [process.execPath, [script]]
      : ['taskset', ['-c', String(cpu), process.execPath, script]];
  const proc = spawn(cmd, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited with ${proc.exitCode}`);
    try {
      const res = await rawGet(url + readyPath);
      if (res.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start on ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    proc,
    stop: () =>
      new Promise((ok) => {
        if (proc.exitCode !== null) return ok();
        proc.once('exit', () => ok());
        proc.kill('SIGTERM');
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A GET whose body is kept as sent (compressed when the server compressed it). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

export interface LoadResult {
  rps: number;
  p99ms: number;
  non2xx: number;
  errors: number;
}

/** A bounded autocannon run on loopback; `path` may vary per request. */
export async function load(
  url: string,
  opts: {
    path: string | (() => string);
    headers?: Record<string, string>;
    seconds?: number;
    connections?: number;
  },
): Promise<LoadResult> {
  const pathOf = typeof opts.path === 'string' ? () => opts.path as string : opts.path;
  const result = await autocannon({
    url,
    connections: opts.connections ?? BENCH.connections,
    duration: opts.seconds ?? BENCH.seconds,
    headers: opts.headers ?? {},
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({ ...req, path: pathOf() }),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A small deterministic random generator (mulberry32), so runs load the same items. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** CPU seconds a process has used so far, all its threads (Linux /proc: utime + stime, 100 ticks a second). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** Whether the benchmark pins servers and the load generator to cores (two or more; BENCH_PIN=0 off). */
export const PINNED = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2;

/** Pins every thread of a process to cores (taskset), e.g. '0' or '0-1'. */
export function pin(pid: number, cores: string): void {
  const r = spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`taskset: ${r.stderr}`);
}

/** All of this machine's cores, for undoing `pin`: '0-1' on two. */
export const ALL_CORES = `0-${availableParallelism() - 1}`;
