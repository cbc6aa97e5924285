/**
 * Live chat delivery (issue 26): one room per broadcast with viewers on this instance, each
 * viewer an open event stream. A committed change is published once; with REDIS_URL through
 * Redis pub/sub to every instance (this one included), otherwise straight to this process.
 *
 * A room keeps the last event number it delivered and delivers strictly in order: an event that
 * arrives ahead of a missing one (two instances publishing at once) waits while the gap is read
 * from the database, once per room. A viewer costs a set entry and its stream: nothing polls;
 * the database is read when a viewer joins (the events after its Last-Event-ID) and for a gap.
 * One timer for every stream sends a comment line now and then, so proxies keep them open.
 *
 * Events of a room go out together every 200–750 ms (flushDelay, longer with more viewers),
 * encoded once for all its viewers: a busy broadcast (20 messages a second) costs each stream a
 * few writes a second, not one per message (npm run bench:chat measures delivery, memory and
 * the page rate beside the streams).
 */
import { Redis } from 'ioredis';
import type { Deps } from '../../../deps.ts';
import { chatEventsAfter, lastChatSeq, RESUME_BATCH, type ChatEvent } from './chat-events.ts';

/** The Redis channel of every broadcast's chat events. */
export const CHAT_CHANNEL = 'xinxuetang:live:chat';
/** How often an idle stream gets a comment line (proxies close silent connections at 60 s). */
const KEEPALIVE_MS = 25_000;
/** The client waits this long before reconnecting (the stream's `retry:`). */
const RETRY_MS = 2000;
/**
 * A room's new events go out together after this delay (the delay they add, at most), from the
 * number of viewers on the instance: 200 ms with up to 1,333, then 0.15 ms a viewer, up to 750 ms
 * from 5,000 on. Each flush is one write and one TCP segment per viewer, and on a busy instance
 * those segments are what the streams cost the pages beside them: the delay keeps them near
 * 6,700 a second up to 5,000 viewers (at 500 ms they were 10,000, and the cached page rate beside
 * the streams fell under 0.8× of the rate without them in most runs; npm run bench:chat,
 * docs/benchmarks.md), and a message still reaches every viewer within a second.
 */
export function flushDelay(viewers: number): number {
  return Math.min(750, Math.max(200, Math.round(viewers * 0.15)));
}

export type Db = Pick<Deps, 'db'>;

interface Viewer {
  send(bytes: Uint8Array): void;
  /** Ends the stream (an instance stopping): the client reconnects, with its Last-Event-ID. */
  end(): void;
  /** Events delivered while the viewer's own resume read runs: sent after it, in order. */
  queue: ChatEvent[] | null;
  last: number;
}

interface Room {
  liveId: number;
  viewers: Set<Viewer>;
  /** The last event delivered; null until the room has read the broadcast's newest. */
  last: number | null;
  pending: Map<number, ChatEvent>;
  filling: boolean;
  deps: Db;
  /** Events delivered in order, waiting for the room's next flush. */
  batch: ChatEvent[];
  flushing: ReturnType<typeof setTimeout> | null;
}

const rooms = new Map<number, Room>();

/** The viewers of every room on this instance: what the flush delay follows. */
function viewersHere(): number {
  let n = 0;
  for (const room of rooms.values()) n += room.viewers.size;
  return n;
}
let remote: { publish(ev: ChatEvent): Promise<void> } | null = null;
let keepalive: ReturnType<typeof setInterval> | null = null;
const encoder = new TextEncoder();

/** An event as the stream's text: its number as the id, the message as JSON data. */
function frame(ev: ChatEvent): string {
  return `id: ${ev.seq}\nevent: chat\ndata: ${JSON.stringify(ev.message)}\n\n`;
}

const KEEPALIVE = encoder.encode(': \n\n');

function toViewer(viewer: Viewer, ev: ChatEvent, bytes: Uint8Array): void {
  if (viewer.queue) return void viewer.queue.push(ev);
  if (ev.seq <= viewer.last) return;
  viewer.last = ev.seq;
  viewer.send(bytes);
}

/** The next event of a room in order: delivered with the room's next flush. */
function emit(room: Room, ev: ChatEvent): void {
  room.last = ev.seq;
  room.batch.push(ev);
  room.flushing ??= setTimeout(() => flush(room), flushDelay(viewersHere()));
}

/**
 * Sends a room's waiting events: one write of all of them, encoded once, to every viewer that
 * has none of them yet; a viewer that read some of them itself (it joined meanwhile) gets the
 * rest one by one, and a viewer still reading its resume gets them queued.
 */
function flush(room: Room): void {
  room.flushing = null;
  const batch = room.batch;
  room.batch = [];
  if (batch.length === 0) return;
  const first = batch[0]!.seq;
  const last = batch[batch.length - 1]!.seq;
  const frames = batch.map(frame);
  const all = encoder.encode(frames.join(''));
  let each: Uint8Array[] | null = null;
  for (const v of room.viewers) {
    if (v.queue) {
      v.queue.push(...batch);
    } else if (v.last < first) {
      v.last = last;
      v.send(all);
    } else {
      each ??= frames.map((f) => encoder.encode(f));
      batch.forEach((ev, i) => toViewer(v, ev, each![i]!));
    }
  }
}

/** Delivers the waiting events that now follow in order; reads a gap from the database. */
function drain(room: Room): void {
  while (room.last !== null) {
    const next = room.pending.get(room.last + 1);
    if (!next) break;
    room.pending.delete(next.seq);
    emit(room, next);
  }
  for (const seq of room.pending.keys())
    if (room.last !== null && seq <= room.last) room.pending.delete(seq);
  if (room.pending.size > 0 && !room.filling) void fill(room);
}

async function fill(room: Room): Promise<void> {
  if (room.last === null) return;
  room.filling = true;
  try {
    const upto = Math.max(...room.pending.keys());
    const missed = await chatEventsAfter(room.deps, room.liveId, room.last, upto);
    for (const ev of missed) if (room.last === null || ev.seq > room.last) emit(room, ev);
    // Not in the database either (cannot happen: a number is taken only after the one before it
    // committed): go on from the first waiting event rather than wait for ever.
    const first = Math.min(...room.pending.keys());
    if (room.last !== null && first > room.last + 1 && missed.length === 0) room.last = first - 1;
  } catch {
    // The next event tries again; the viewers' own reconnects read from the database too.
  } finally {
    room.filling = false;
  }
  drain(room);
}

/** Hands a committed event to this instance's viewers of its broadcast. */
export function deliverChatEvent(ev: ChatEvent): void {
  const room = rooms.get(ev.liveId);
  if (!room) return;
  if (room.last !== null && ev.seq <= room.last) return;
  if (room.last !== null && ev.seq === room.last + 1 && !room.filling) {
    emit(room, ev);
    return drain(room);
  }
  room.pending.set(ev.seq, ev);
  if (room.last !== null) drain(room);
}

/** Publishes a committed event to every instance's viewers. */
export async function publishChatEvent(ev: ChatEvent): Promise<void> {
  if (!remote) return deliverChatEvent(ev);
  // Redis down: this instance's viewers still get it; the others read it with their next event.
  await remote.publish(ev).catch(() => deliverChatEvent(ev));
}

function startKeepalive(): void {
  if (keepalive) return;
  keepalive = setInterval(() => {
    for (const room of rooms.values()) for (const v of room.viewers) v.send(KEEPALIVE);
  }, KEEPALIVE_MS);
  keepalive.unref?.();
}

function leave(liveId: number, viewer: Viewer): void {
  const room = rooms.get(liveId);
  if (!room) return;
  room.viewers.delete(viewer);
  if (room.viewers.size === 0) {
    rooms.delete(liveId);
    if (room.flushing) clearTimeout(room.flushing);
  }
  if (rooms.size === 0 && keepalive) {
    clearInterval(keepalive);
    keepalive = null;
  }
}

/** Where a viewer's stream goes: a web stream's controller, or a Node response. */
interface Sink {
  write(bytes: Uint8Array): void;
  close(): void;
}

/**
 * Joins a viewer to a broadcast's room from the event after `after`: first the missed events read
 * from the database (in turns of RESUME_BATCH), then the live ones. Answers its leave.
 */
export function attachViewer(deps: Db, liveId: number, after: number, sink: Sink): () => void {
  let viewer: Viewer | null = null;
  const close = () => {
    if (viewer) leave(liveId, viewer);
    viewer = null;
  };
  const v: Viewer = {
    queue: [],
    last: after,
    send(bytes) {
      try {
        sink.write(bytes);
      } catch {
        close();
      }
    },
    end() {
      close();
      try {
        sink.close();
      } catch {
        // Already closed by the client.
      }
    },
  };
  viewer = v;
  let room = rooms.get(liveId);
  const fresh = !room;
  if (!room) {
    room = {
      liveId,
      viewers: new Set(),
      last: null,
      pending: new Map(),
      filling: false,
      deps,
      batch: [],
      flushing: null,
    };
    rooms.set(liveId, room);
  }
  room.viewers.add(v);
  startKeepalive();
  v.send(encoder.encode(`retry: ${RETRY_MS}\n\n`));
  const joined = room;
  void (async () => {
    try {
      if (fresh) {
        joined.last = await lastChatSeq(deps, liveId);
        drain(joined);
      }
      for (;;) {
        const batch = await chatEventsAfter(deps, liveId, v.last);
        if (batch.length === 0) break;
        // One write for the batch read (up to RESUME_BATCH events), not one per event.
        v.last = batch[batch.length - 1]!.seq;
        v.send(encoder.encode(batch.map(frame).join('')));
        if (batch.length < RESUME_BATCH) break;
      }
      const queued = v.queue ?? [];
      v.queue = null;
      for (const ev of queued.sort((a, b) => a.seq - b.seq))
        toViewer(v, ev, encoder.encode(frame(ev)));
    } catch {
      // Could not start: the stream ends and its client reconnects (with its Last-Event-ID).
      v.end();
    }
  })();
  return close;
}

/** A viewer's event stream of a broadcast's chat as a web stream (the API's route). */
export function openChatStream(
  deps: Db,
  liveId: number,
  after: number,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  let close = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      close = attachViewer(deps, liveId, after, {
        write: (bytes) => controller.enqueue(bytes),
        close: () => controller.close(),
      });
      signal?.addEventListener('abort', close, { once: true });
    },
    cancel: () => close(),
  });
}

/** The stream's start: the Last-Event-ID header (a reconnect) or `after` (the first connect). */
export function chatStreamStart(v: string | null | undefined): number {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** The headers of a chat's event stream. */
export const CHAT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

/**
 * Ends every chat stream of this instance (a stop: SIGTERM, a rolling restart). An open stream
 * is a request that never finishes; ended, its client reconnects after `retry:` to an instance
 * still serving and resumes from its Last-Event-ID, so the drain waits for nothing.
 */
export function endChatStreams(): number {
  let ended = 0;
  for (const room of [...rooms.values()])
    for (const viewer of [...room.viewers]) {
      viewer.end();
      ended++;
    }
  return ended;
}

/** Connects this instance to the other instances' chat events through Redis. */
export async function connectChatFanout(
  redisUrl: string,
  onError: (err: unknown) => void,
  channel: string = CHAT_CHANNEL,
): Promise<{ close(): Promise<void> }> {
  const pub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  sub.on('message', (_channel: string, raw: string) => {
    try {
      deliverChatEvent(JSON.parse(raw) as ChatEvent);
    } catch (err) {
      onError(err);
    }
  });
  await sub.subscribe(channel);
  remote = { publish: async (ev) => void (await pub.publish(channel, JSON.stringify(ev))) };
  return {
    async close() {
      remote = null;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
