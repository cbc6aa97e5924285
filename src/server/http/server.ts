/**
 * The Node HTTP server around the front handler, with a graceful stop (what SIGTERM
 * triggers, issues 13 and 24): stop accepting connections, answer every request in flight
 * and every request that still arrives on an open connection, each with `Connection: close`
 * so that the client opens its next connection elsewhere (another instance), and let Node
 * end each connection with a FIN after that answer. A kept-alive connection that sends
 * nothing more stays open until the drain deadline (`DRAIN_MS`) and is then ended with a FIN
 * too (never destroyed, which would reset a request crossing it). Closing idle connections at
 * once instead would race the client's next request on them: nginx or an agent that has just
 * written it sees a reset (ECONNRESET) and retries or fails. When the last connection is
 * gone — or at the deadline — `onDrained` runs (closing the database).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { NodeHandler } from './front.ts';

export interface HttpServer {
  server: Server;
  url: string;
  /** Requests being answered right now. */
  inFlight(): number;
  /** Open connections, idle kept-alive ones included. */
  connections(): number;
  /**
   * Stops gracefully. `idleGraceMs` (default: the whole drain time) is how long a connection
   * with no request in flight may still send one; 0 ends idle connections at once (Ctrl-C).
   */
  stop(opts?: { idleGraceMs?: number }): Promise<void>;
}

/** Answers in flight on a connection, kept on the socket itself: 0 = the connection is idle. */
const BUSY = Symbol('answers in flight');
type Connection = Socket & { [BUSY]: number };
/**
 * The connection an answer was begun on, kept on the answer: by its `close` event Node may
 * have cleared `req.socket` already (it did once in CI, and the process died on it).
 */
const ON = Symbol('connection');
type Answer = ServerResponse & { [ON]: Connection };

/** How long an idle kept-alive connection is kept open (sent as `Keep-Alive: timeout=65`). */
export const KEEP_ALIVE_MS = 65_000;

/** How long a stopping server waits for requests and connections (`DRAIN_MS`). */
export const DRAIN_MS = 10_000;

export async function listen(
  handler: NodeHandler,
  opts: { host: string; port: number; drainMs?: number; onDrained?: () => Promise<void> },
): Promise<HttpServer> {
  const active = new Set<ServerResponse>();
  const sockets = new Set<Connection>();
  let draining = false;
  /** Past the idle grace of a stop: a connection ends as soon as it has nothing in flight. */
  let endWhenIdle = false;
  let changed = () => {};
  // One listener for every answer (no closure per request: this is every cached hit's path).
  function closed(this: Answer) {
    active.delete(this);
    const socket = this[ON];
    // An answer begun before the stop had no `Connection: close`: its connection ends here.
    if (--socket[BUSY] === 0 && endWhenIdle) socket.end();
    changed();
  }
  const server = createServer((req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    void handler(req, res);
    // Answered at once (a cached page, an asset): already handed to the socket, which ends
    // after it like any idle connection, so there is nothing to keep track of. Every hit's path.
    if (res.writableEnded) return;
    active.add(res);
    const socket = req.socket as Connection;
    (res as Answer)[ON] = socket;
    socket[BUSY]++;
    res.on('close', closed);
  });
  server.on('connection', (socket: Connection) => {
    socket[BUSY] = 0;
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      changed();
    });
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

  /** Resolves when `done()` holds (looked at on every finished answer and closed connection) or at `deadline`. */
  const until = (done: () => boolean, deadline: number) =>
    new Promise<void>((ok) => {
      if (done()) return ok();
      const timer = setTimeout(finish, Math.max(0, deadline - Date.now()));
      function finish() {
        clearTimeout(timer);
        changed = () => {};
        ok();
      }
      changed = () => {
        if (done()) finish();
      };
    });

  /** Ends the connections with nothing in flight with a FIN; a request crossing it is not reset. */
  const endIdle = () => {
    endWhenIdle = true;
    for (const socket of sockets) if (!socket[BUSY]) socket.end();
  };

  let stopping: Promise<void> | undefined;
  const stop = (how: { idleGraceMs?: number } = {}) =>
    (stopping ??= (async () => {
      draining = true;
      const drainMs = opts.drainMs ?? DRAIN_MS;
      const deadline = Date.now() + drainMs;
      // Answers not begun yet end their connection.
      for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
      // No new connections; unlike http.Server#close, this leaves idle kept-alive connections
      // open, so that their next request is answered rather than reset.
      const closed = new Promise<void>((ok) => NetServer.prototype.close.call(server, () => ok()));
      const idleDeadline = Date.now() + Math.min(how.idleGraceMs ?? drainMs, drainMs);
      if (idleDeadline <= Date.now()) endIdle();
      else await until(() => sockets.size === 0, idleDeadline);
      // Past the idle grace: idle connections end now, each busy one after its answer.
      endIdle();
      await until(() => sockets.size === 0, deadline);
      // Past the drain deadline: whatever is left is cut.
      server.closeAllConnections();
      await closed;
      await opts.onDrained?.();
    })());
  return {
    server,
    url,
    inFlight: () => active.size,
    connections: () => sockets.size,
    stop,
  };
}
