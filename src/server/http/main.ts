/**
 * The project's server entry (DESIGN: Caching): loads Astro's middleware-mode
 * build, boots the runtime (migrate, seed in demo mode), serves through the
 * front handler, and drains in-flight requests on SIGTERM before closing the
 * database. Run by `npm start` (scripts/start.ts builds first when needed).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { purgeEdgeOnChange } from '../cache/edge-purge.ts';
import { pageStore } from '../cache/page-store.ts';
import { createFrontHandler, type NodeHandler } from './front.ts';
import { listen } from './server.ts';
import { loadStaticFiles } from './static-files.ts';

interface RuntimeHandle {
  start(): Promise<{
    deps: { config: { mode: string; database: { kind: string }; mobileSiteUrl: string } };
    seeded: { seeded: boolean } | null;
  }>;
  quiesce(): void;
  /** Live chat event streams, written straight to the response (src/server/runtime.ts). */
  chatStream: NodeHandler;
  stop(): Promise<void>;
}

const DEMO_ACCOUNTS = [
  ['会员', '13800138001'],
  ['会员', '13800138002'],
  ['会员', '13800138003'],
  ['管理员', '13800138000'],
  ['编辑', '13800138004'],
  ['审核员', '13800138005'],
  ['讲师（会员，回答课时提问）', '13800138006'],
] as const;

function log(msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      service: 'server',
      msg,
      ...fields,
    }) + '\n',
  );
}

export async function startServer(opts: { distDir?: string; host?: string; port?: number } = {}) {
  const dist = resolve(opts.distDir ?? process.env.ASTRO_OUT_DIR ?? 'dist');
  const host = opts.host ?? process.env.HOST ?? '127.0.0.1';
  const port = opts.port ?? Number.parseInt(process.env.PORT ?? '4321', 10);

  // The build's server runs its libraries' production builds (issue 30): those that have two
  // pick by NODE_ENV when the entry first loads them (React's development checks, when the
  // islands rendered with React, made rendering them several times slower).
  process.env.NODE_ENV ??= 'production';
  const entry = (await import(pathToFileURL(resolve(dist, 'server/entry.mjs')).href)) as {
    handler: NodeHandler;
  };
  const runtime = (globalThis as unknown as Record<symbol, RuntimeHandle | undefined>)[
    Symbol.for('xinxuetang.runtime')
  ];
  if (!runtime)
    throw new Error('the build does not register the runtime: rebuild with `npm run build`');
  const booted = await runtime.start();
  const staticFiles = await loadStaticFiles(resolve(dist, 'client'));

  // nginx's page cache emptied on every change made here (deploy/nginx.conf.template).
  if (process.env.EDGE_PURGE_URL)
    purgeEdgeOnChange(pageStore(), process.env.EDGE_PURGE_URL, (err) =>
      process.stderr.write(
        JSON.stringify({ level: 'warn', msg: 'edge purge failed', error: String(err) }) + '\n',
      ),
    );
  const front = createFrontHandler({
    trustProxy: process.env.TRUST_PROXY === '1',
    staticFiles,
    store: pageStore(),
    astro: (req, res) => entry.handler(req, res),
    eventStream: (req, res) => runtime.chatStream(req, res),
    mobileSiteUrl: booted.deps.config.mobileSiteUrl,
    production: booted.deps.config.mode === 'production',
    maxRenders: process.env.MAX_RENDERS ? Number(process.env.MAX_RENDERS) : undefined,
    maxApiCalls: process.env.MAX_API_CALLS ? Number(process.env.MAX_API_CALLS) : undefined,
    renderRate: process.env.RENDER_RATE ? Number(process.env.RENDER_RATE) : undefined,
    renderBurst: process.env.RENDER_BURST ? Number(process.env.RENDER_BURST) : undefined,
    deferredPerTurn: process.env.DEFERRED_PER_TURN
      ? Number(process.env.DEFERRED_PER_TURN)
      : undefined,
    onError: (err, req) =>
      process.stderr.write(
        JSON.stringify({ level: 'error', msg: 'unhandled', url: req.url, error: String(err) }) +
          '\n',
      ),
  });
  const http = await listen(front, {
    host,
    port,
    drainMs: process.env.DRAIN_MS ? Number(process.env.DRAIN_MS) : undefined,
    onDrained: async () => {
      await runtime.stop();
      log('stopped: requests drained, database closed');
    },
  });
  /** `idleGraceMs: 0` ends idle kept-alive connections at once (Ctrl-C); SIGTERM keeps them for their next request. */
  const stop = (how: { idleGraceMs?: number; signal?: string } = {}) => {
    log('stopping: draining in-flight requests', {
      signal: how.signal,
      inFlight: http.inFlight(),
      connections: http.connections(),
    });
    // Streams (live chat) never finish by themselves: they end first, and their clients go on
    // with another instance.
    runtime.quiesce();
    return http.stop(how);
  };
  return { url: http.url, server: http.server, booted, stop };
}

export async function main(): Promise<void> {
  const { url, booted, stop } = await startServer();
  const { mode, database } = booted.deps.config;
  log('listening', { url, mode, database: database.kind });
  if (mode === 'demo') {
    const lines = [
      '',
      `  芯学堂 已启动（演示模式，开发用短信/微信提供方）: ${url}`,
      `  支付: 本地演示微信支付与支付宝（${url}/api/dev/wxpay、/api/dev/alipay，不产生真实扣款）；物流: 本地演示快递100`,
      `  数据库: ${database.kind}${booted.seeded?.seeded ? '（已写入演示内容）' : ''}`,
      '  演示账号（仅限演示环境），密码均为 Demo@2026:',
      ...DEMO_ACCOUNTS.map(([role, phone]) => `    ${role} ${phone}`),
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
  // SIGTERM (systemd, a rolling restart, deploy:local): in-flight requests finish and kept-alive
  // connections get their next request answered with `Connection: close` (up to DRAIN_MS).
  // SIGINT (Ctrl-C): the same, except that idle connections (a browser's) end at once. Later
  // signals change nothing: npm forwards a Ctrl-C its child has already had from the terminal.
  let signalled = false;
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, () => {
      if (signalled) return;
      signalled = true;
      void stop({ signal: sig, idleGraceMs: sig === 'SIGINT' ? 0 : undefined }).then(() =>
        process.exit(0),
      );
    });
  }
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(
      `server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  });
}
