/**
 * SIGTERM to a running instance (issue 24): the real server process of the build on a
 * SQLite file of its own, 50 kept-alive connections with a request in flight and 50 idle
 * ones. After the signal every connection's next request gets a whole answer saying
 * `Connection: close`, and the server then closes each connection with a FIN: no client
 * (nginx included) sees a reset, so nothing is retried and no page view is lost or counted
 * twice. A live chat's event stream open at the signal is ended at once, whole. Needs the build (`npm run build`); SQLite whatever DATABASE_URL says.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One kept-alive connection read by hand, as an HTTP agent sees it: the answers in order
 * (interim `100 Continue` ones apart), whether the server ended the connection (a FIN) and
 * any socket error (a reset).
 */
class Conn {
  readonly socket: Socket;
  readonly answers: Answer[] = [];
  readonly continues: number[] = [];
  ended = false;
  error: (Error & { code?: string }) | null = null;
  /** Everything received, as text (a stream's first lines before its answer is whole). */
  received = '';
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  constructor(port: number) {
    this.socket = connect(port, HOST);
    this.socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.received += d.toString('utf8');
      this.parse();
      this.wake();
    });
    this.socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    this.socket.on('error', (err) => {
      this.error = err;
      this.wake();
    });
    this.socket.on('close', () => this.wake());
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when `cond` holds, looked at after every event of the socket. */
  until(cond: () => boolean): Promise<void> {
    return new Promise((ok) => {
      const look = () => (cond() ? ok() : this.waiters.push(look));
      look();
    });
  }

  private parse(): void {
    for (;;) {
      const head = this.buf.indexOf('\r\n\r\n');
      if (head < 0) return;
      const lines = this.buf.subarray(0, head).toString('latin1').split('\r\n');
      const status = Number(lines[0]!.split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      if (status === 100) {
        this.continues.push(status);
        this.buf = this.buf.subarray(head + 4);
        continue;
      }
      let end: number;
      let body: Buffer;
      if (headers['content-length'] !== undefined) {
        end = head + 4 + Number(headers['content-length']);
        if (this.buf.length < end) return;
        body = this.buf.subarray(head + 4, end);
      } else if (headers['transfer-encoding'] === 'chunked') {
        const chunks: Buffer[] = [];
        let at = head + 4;
        for (;;) {
          const eol = this.buf.indexOf('\r\n', at);
          if (eol < 0) return;
          const size = Number.parseInt(this.buf.subarray(at, eol).toString('latin1'), 16);
          if (this.buf.length < eol + 2 + size + 2) return;
          chunks.push(this.buf.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
          if (size === 0) break;
        }
        end = at;
        body = Buffer.concat(chunks);
      } else throw new Error(`an answer without a length: ${lines.join(' | ')}`);
      this.answers.push({ status, headers, body: body.toString('utf8') });
      this.buf = this.buf.subarray(end);
    }
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Sends a request and waits for its answer (or the end of the connection). */
  async request(text: string): Promise<Answer | null> {
    const seen = this.answers.length;
    this.write(text);
    await this.until(() => this.answers.length > seen || this.ended || this.error !== null);
    return this.answers[seen] ?? null;
  }

  closed(): Promise<void> {
    return this.socket.closed
      ? Promise.resolve()
      : new Promise((ok) => this.socket.once('close', ok));
  }
}

function pageView(port: number, path: string, opts: { body?: boolean } = {}): string {
  const body = `path=${encodeURIComponent(path)}`;
  return (
    `POST /api/analytics/pageview HTTP/1.1\r\nHost: ${HOST}:${port}\r\n` +
    'Content-Type: application/x-www-form-urlencoded\r\n' +
    `Content-Length: ${body.length}\r\n` +
    (opts.body === false ? 'Expect: 100-continue\r\n\r\n' : `\r\n${body}`)
  );
}

/** Waits for a line of the server's output that passes `test`, or fails when it exits first. */
function lineOf(child: ChildProcess, out: string[], test: (line: string) => boolean) {
  return new Promise<void>((ok, fail) => {
    const look = () => {
      if (out.join('').split('\n').some(test)) {
        child.stdout!.off('data', look);
        child.off('exit', exited);
        ok();
      }
    };
    const exited = (code: number | null) =>
      fail(new Error(`the server exited (${code}) first:\n${out.join('')}`));
    child.stdout!.on('data', look);
    child.once('exit', exited);
    look();
  });
}

describe('SIGTERM with kept-alive connections', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xxt-sigterm-'));
  const file = join(dir, 'site.db');
  let server: ChildProcess;
  let port = 0;
  const out: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/server/entry.mjs')))
      throw new Error('no build: run `npm run build` first');
    port = await freePort();
    server = spawn(process.execPath, [join(ROOT, 'src/server/http/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        XXT_MODE: 'demo',
        HOST,
        PORT: String(port),
        DATABASE_URL: `file:${file}`,
        REDIS_URL: '',
        // A hang guard only: the server stops as soon as its connections are closed.
        DRAIN_MS: '600000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
    server.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
    // Migrating and seeding a fresh database: a while on a busy machine.
    await lineOf(server, out, (l) => l.includes('"msg":"listening"'));
  });

  afterAll(() => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every next request with Connection: close and resets no connection', async () => {
    const exited = new Promise<number | null>((ok) => server.once('exit', (code) => ok(code)));
    // 100 connections, each kept alive after a first answer.
    const conns = Array.from({ length: 100 }, () => new Conn(port));
    const first = await Promise.all(
      conns.map((c) => c.request(`GET /favicon.svg HTTP/1.1\r\nHost: ${HOST}:${port}\r\n\r\n`)),
    );
    for (const a of first) {
      expect(a?.status).toBe(200);
      expect(a?.headers.connection).toBe('keep-alive');
    }
    // A live chat's event stream (issue 26): a request that never finishes by itself.
    const lives = (await (
      await fetch(`http://${HOST}:${port}/api/index/liveBroadCast/list?status=live&size=1`)
    ).json()) as { data: { list: { id: number }[] } };
    const stream = new Conn(port);
    stream.write(
      `GET /api/live/chat/${lives.data.list[0]!.id}/events HTTP/1.1\r\nHost: ${HOST}:${port}\r\n` +
        'Accept: text/event-stream\r\n\r\n',
    );
    await stream.until(() => stream.received.includes('retry: '));
    const busy = conns.slice(0, 50);
    const idle = conns.slice(50);
    // In flight: the server has the request (its handler said 100 Continue), the body is yet to come.
    for (const [i, c] of busy.entries())
      c.write(pageView(port, `/sigterm/busy/${i}`, { body: false }));
    await Promise.all(busy.map((c) => c.until(() => c.continues.length === 1)));

    server.kill('SIGTERM');
    await lineOf(server, out, (l) => l.includes('"msg":"stopping'));

    const next = await Promise.all([
      ...busy.map(async (c, i) => {
        const seen = c.answers.length;
        c.write(`path=${encodeURIComponent(`/sigterm/busy/${i}`)}`);
        await c.until(() => c.answers.length > seen || c.ended || c.error !== null);
        return c.answers[seen] ?? null;
      }),
      // The next request of an idle connection, sent after the server has begun to stop.
      ...idle.map((c, i) => c.request(pageView(port, `/sigterm/idle/${i}`))),
    ]);
    await Promise.all(conns.map((c) => c.closed()));
    // The stream was ended whole (its last chunk), at once rather than at the drain deadline,
    // and its connection closed with a FIN: the viewer's browser reconnects, with its
    // Last-Event-ID, to an instance still serving.
    await stream.closed();
    expect(stream.error).toBeNull();
    expect(stream.ended).toBe(true);
    expect(stream.answers[0]).toMatchObject({ status: 200 });
    expect(stream.answers[0]!.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.answers[0]!.body).toMatch(/^retry: \d+\n\n/);

    const resets = conns.filter((c) => c.error).map((c) => c.error!.code ?? c.error!.message);
    expect(resets).toEqual([]);
    for (const a of next) {
      expect(a).not.toBeNull();
      expect(a!.status).toBe(200);
      expect(JSON.parse(a!.body)).toMatchObject({ code: 200, message: '成功' });
      // The last answer on the connection says so: the client opens its next one elsewhere.
      expect(a!.headers.connection).toBe('close');
    }
    // Every connection was ended by the server after its answer, with a FIN.
    expect(conns.every((c) => c.ended)).toBe(true);

    expect(await exited).toBe(0);
    expect(out.join('')).toContain('"msg":"stopped: requests drained, database closed"');
    // Every page view of the 100 answers is stored, each once.
    const db = new DatabaseSync(file, { readOnly: true });
    const rows = db
      .prepare(
        "SELECT path, COUNT(*) AS n FROM page_views WHERE path LIKE '/sigterm/%' GROUP BY path",
      )
      .all() as { path: string; n: number }[];
    db.close();
    expect(rows.length).toBe(100);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});
