/**
 * The Node HTTP server around the front handler, with a graceful stop:
 * stop accepting, let in-flight requests finish (up to a deadline), then
 * run `onDrained` (closing the database) — what SIGTERM triggers. While
 * stopping, every answer says `Connection: close`, so a client with a
 * kept-alive connection opens a new one (to another instance) instead of
 * sending its next request into a socket about to be closed (issue 13).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { NodeHandler } from './front.ts';

export interface HttpServer {
  server: Server;
  url: string;
  /** Requests being answered right now. */
  inFlight(): number;
  stop(): Promise<void>;
}

/** How long an idle kept-alive connection is kept open (sent as `Keep-Alive: timeout=65`). */
export const KEEP_ALIVE_MS = 65_000;

export async function listen(
  handler: NodeHandler,
  opts: { host: string; port: number; drainMs?: number; onDrained?: () => Promise<void> },
): Promise<HttpServer> {
  const active = new Set<ServerResponse>();
  let draining = false;
  const server = createServer((req, res) => {
    active.add(res);
    res.once('close', () => active.delete(res));
    if (draining) res.setHeader('Connection', 'close');
    void handler(req, res);
  });
  // An idle kept-alive connection stays open longer than a client or proxy keeps it unused
  // (nginx's upstream keepalive_timeout is 60 s), so the client, not this server, closes it:
  // a server closing it first races the client's next request on it, which then sees a reset.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
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
      draining = true;
      // Answers still being written end their connection; idle kept-alive ones close now.
      for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      server.closeIdleConnections();
      const deadline = Date.now() + (opts.drainMs ?? 10_000);
      while (active.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      server.closeAllConnections();
      await closed;
      await opts.onDrained?.();
    })());
  return { server, url, inFlight: () => active.size, stop };
}
