/**
 * A viewer's chat stream written to the Node socket (issue 26): the front server's path for
 * `/api/live/chat/:id/events`. The rooms, their batches and the viewers' resume are chat-hub.ts.
 */
import type { ServerResponse } from 'node:http';
import { attachViewer, CHAT_STREAM_HEADERS, type Db } from './chat-hub.ts';

/**
 * A stream whose client reads slower than its events come (this much unsent in the process) is
 * ended: its client reconnects and resumes from its Last-Event-ID out of the database, instead of
 * the process holding its backlog.
 */
export const STREAM_BACKLOG_BYTES = 1 << 20;

const CRLF = Buffer.from('\r\n');
/** The last batch framed as an HTTP/1.1 chunk: a flush sends one batch to every viewer in turn. */
let chunkOf: { bytes: Uint8Array; chunk: Buffer } | null = null;

/** `bytes` as one chunk of a chunked response: its size in hex, CRLF, the bytes, CRLF. */
export function httpChunk(bytes: Uint8Array): Buffer {
  if (chunkOf?.bytes !== bytes)
    chunkOf = {
      bytes,
      chunk: Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, CRLF]),
    };
  return chunkOf.chunk;
}

/**
 * A viewer's event stream written straight to a Node response (the front server's path for
 * `/api/live/chat/:id/events`). After the head, each batch is one write to the socket, framed
 * once for every viewer (a chunk of an HTTP/1.1 response; as it is for HTTP/1.0, whose stream
 * ends with the connection): what a stream costs the process while thousands are open is that
 * write (npm run bench:chat). The end goes through the response, which closes the chunked body.
 */
export function writeChatStream(
  deps: Db,
  liveId: number,
  after: number,
  res: ServerResponse,
): void {
  res.writeHead(200, CHAT_STREAM_HEADERS);
  res.flushHeaders();
  const socket = res.socket;
  // Node's own flag for the body it chose (chunked unless HTTP/1.0 or Connection: close).
  const chunked = (res as { chunkedEncoding?: unknown }).chunkedEncoding;
  let open = true;
  const write =
    socket && typeof chunked === 'boolean'
      ? (bytes: Uint8Array) => {
          if (!open || socket.destroyed) return;
          if (socket.writableLength > STREAM_BACKLOG_BYTES) {
            // What it has not read is in the database: its reconnect resumes from it.
            open = false;
            return void res.destroy();
          }
          socket.write(chunked ? httpChunk(bytes) : bytes);
        }
      : (bytes: Uint8Array) => void (open && res.write(bytes));
  const close = attachViewer(deps, liveId, after, {
    write,
    close: () => {
      open = false;
      res.end();
    },
  });
  res.once('close', close);
}
