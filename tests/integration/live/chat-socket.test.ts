/**
 * The front server's chat stream (writeChatStream, issue 26) on a real Node HTTP server: after
 * the head each batch goes to the socket framed once for every viewer, so these check the bytes
 * a client reads. An HTTP/1.1 client decodes the chunks and sees the stream end cleanly; an
 * HTTP/1.0 client gets the events unframed and the connection closed at the end; a viewer that
 * stops reading is cut once its backlog passes STREAM_BACKLOG_BYTES, instead of the process
 * keeping it.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ChatMessage, ChatRoomView } from '../../../src/server/services/live/index.ts';
import {
  chatStreamStart,
  deliverChatEvent,
  endChatStreams,
  recordChatEvent,
  RESUME_BATCH,
  STREAM_BACKLOG_BYTES,
  writeChatStream,
} from '../../../src/server/services/live/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let server: Server;
let port: number;
let liveId: number;
let member: string;
/** The server's side of the last stream opened. */
let lastSocket: Socket | null = null;

beforeAll(async () => {
  rt = await createTestRuntime();
  const rows = await rt.db.selectFrom('live_broadcasts').select('id').orderBy('id').execute();
  // Seeded in order: ended, ended, live, live, upcoming, upcoming.
  liveId = rows[2]!.id;
  member = await rt.tokenFor(DEMO.members[0]);
  server = createServer((req, res) => {
    const after = new URL(req.url ?? '/', 'http://x').searchParams.get('after');
    lastSocket = req.socket;
    writeChatStream(rt.deps, liveId, chatStreamStart(after), res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  endChatStreams();
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  await rt.close();
});

const lastEventId = async () =>
  (await rt.get<{ chat: ChatRoomView }>(`/api/live/chat/${liveId}`)).body.data.chat.lastEventId;

async function post(content: string) {
  rt.clock.advance(10_000);
  const res = await rt.postJson(`/api/live/chat/${liveId}/send`, { content }, member);
  expect(res.body.code).toBe(200);
}

/** The events in a stream's text: [id, content]. */
const events = (text: string) =>
  [...text.matchAll(/^id: (\d+)\nevent: chat\ndata: (.*)\n\n/gm)].map((m) => [
    Number(m[1]),
    (JSON.parse(m[2]!) as ChatMessage).content,
  ]);

/** A raw connection: what the server sent so far, and when it closed. */
function rawClient(request: string) {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (s: string) => (text += s));
  socket.on('error', () => {});
  const closed = new Promise<void>((ok) => socket.on('close', () => ok()));
  socket.write(request);
  const decoded = () => Buffer.from(text, 'latin1').toString('utf8');
  return {
    socket,
    closed,
    text: decoded,
    async waitFor(test: (text: string) => boolean) {
      while (!test(decoded())) await new Promise((ok) => socket.once('data', ok));
    },
  };
}

describe('the chat stream on a socket', () => {
  it('gives an HTTP/1.1 client chunks it decodes, in order, and a clean end', async () => {
    const start = await lastEventId();
    const res = await fetch(`http://127.0.0.1:${port}/?after=${start}`);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const read = async (n: number) => {
      while (events(text).length < n) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    await post('第一条');
    await post('第二条 😀');
    await read(2);
    expect(events(text)).toEqual([
      [start + 1, '第一条'],
      [start + 2, '第二条 😀'],
    ]);
    expect(text.startsWith('retry: 2000\n\n')).toBe(true);
    // The instance stops: the body ends with its last chunk, which fetch reads as done.
    expect(endChatStreams()).toBe(1);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(events(text)).toHaveLength(2);
  });

  it('gives an HTTP/1.0 client the events unframed, and closes the connection at the end', async () => {
    const start = await lastEventId();
    const client = rawClient(`GET /?after=${start} HTTP/1.0\r\nHost: x\r\n\r\n`);
    await client.waitFor((t) => t.includes('retry: 2000\n\n'));
    await post('旧协议的观众');
    await client.waitFor((t) => events(t).length === 1);
    const [head, body] = client.text().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).not.toMatch(/transfer-encoding/i);
    expect(body).toMatch(
      new RegExp(`^retry: 2000\\n\\nid: ${start + 1}\\nevent: chat\\ndata: \\{[^\\n]*\\}\\n\\n$`),
    );
    expect(events(body!)).toEqual([[start + 1, '旧协议的观众']]);
    expect(endChatStreams()).toBe(1);
    await client.closed;
  });

  it('resumes a long gap in one chunk per database read, every event once and in order', async () => {
    const start = await lastEventId();
    const missed = RESUME_BATCH + 20;
    // Stored as a post stores them (more than the flood limit lets one member post on air).
    const user = await rt.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO.members[0])
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= missed; i++)
      await rt.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('live_chat_messages')
          .values({
            live_id: liveId,
            user_id: user.id,
            kind: 'message',
            content: `补发第 ${i} 条`,
            status: 'visible',
            media_seconds: i,
            created_at: new Date().toISOString(),
            ip_region: '广东',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordChatEvent(trx, rt.deps.clock, liveId, row.id);
      });
    const client = rawClient(`GET /?after=${start} HTTP/1.1\r\nHost: x\r\n\r\n`);
    onTestFinished(() => void endChatStreams());
    await client.waitFor((t) => events(t).length === missed);
    // The body's chunks, as the bytes came: the retry line, then one chunk per read of the gap.
    const raw = Buffer.from(client.text(), 'utf8');
    let at = raw.indexOf('\r\n\r\n') + 4;
    const chunks: string[] = [];
    while (at < raw.length) {
      const eol = raw.indexOf('\r\n', at);
      const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
      chunks.push(raw.subarray(eol + 2, eol + 2 + size).toString('utf8'));
      at = eol + 2 + size + 2;
    }
    expect(chunks[0]).toBe('retry: 2000\n\n');
    expect(chunks.slice(1).map((c) => events(c).length)).toEqual([RESUME_BATCH, 20]);
    expect(events(chunks.join(''))).toEqual(
      Array.from({ length: missed }, (_, i) => [start + i + 1, `补发第 ${i + 1} 条`]),
    );
    expect(endChatStreams()).toBe(1);
    client.socket.destroy();
  });

  it('cuts a viewer that stops reading once its backlog passes the limit', async () => {
    const start = await lastEventId();
    const client = rawClient(`GET /?after=${start} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await client.waitFor((t) => t.includes('retry: 2000'));
    client.socket.pause();
    const server = lastSocket!;
    const closed = new Promise((ok) => server.once('close', ok));
    // One batch of 16 MB (events as other instances' would arrive), more than the kernel's
    // buffers take: the rest waits in the process, past the limit.
    const message = { content: 'x'.repeat(256 * 1024) } as ChatMessage;
    let seq = start;
    for (let i = 0; i < 64; i++) deliverChatEvent({ liveId, seq: ++seq, message });
    while (server.writableLength <= STREAM_BACKLOG_BYTES) await new Promise(setImmediate);
    // The next batch finds the backlog and cuts the stream.
    deliverChatEvent({ liveId, seq: seq + 1, message });
    await closed;
    // Nothing of it is left in the instance.
    expect(endChatStreams()).toBe(0);
    client.socket.destroy();
  });
});
