/**
 * The Node HTTP server around the front handler, with a graceful stop:
 * stop accepting, let in-flight requests finish (up to a deadline), then
 * run `onDrained` (closing the database) — what SIGTERM triggers.
 */
import { createServer, type Server } from 'node:http';
import type { NodeHandler } from './front.ts';

export interface HttpServer {
  server: Server;
  url: string;
  /** Requests being answered right now. */
  inFlight(): number;
  stop(): Promise<void>;
}

export async function listen(
  handler: NodeHandler,
  opts: { host: string; port: number; drainMs?: number; onDrained?: () => Promise<void> },
): Promise<HttpServer> {
  let active = 0;
  const server = createServer((req, res) => {
    active++;
    res.once('close', () => active--);
    void handler(req, res);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      server.closeIdleConnections();
      const deadline = Date.now() + (opts.drainMs ?? 10_000);
      while (active > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      server.closeAllConnections();
      await closed;
      await opts.onDrained?.();
    })());
  return { server, url, inFlight: () => active, stop };
}
