/**
 * Staff video uploads (POST /api/admin/media/upload, issue 14): the multipart
 * body is streamed to a temporary file (never held whole in memory) while its
 * size is counted against the limit, the file must start with an MP4 `ftyp`
 * box, its length is read from the `mvhd` box, and it is stored in the media
 * store under a random name, served at /media/uploads/<name>.mp4; a lesson's or a
 * broadcast's video (?for=lesson|live) is sealed instead: /media/sealed/<name>/video.mp4,
 * whose bytes only a grant opens (media-grant.ts).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../../errors.ts';
import type { MediaStore } from '../../../providers/storage/media.ts';
import { LEARNING_MSG } from '../messages.ts';

/** 500 MB: a lesson of an hour or two at a few Mbit/s. */
export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;

class TooLarge extends Error {}

/**
 * Streams the multipart part named `field` of `body` into `write`; other parts
 * are read and dropped. Answers whether the part was there. Throws TooLarge past
 * `max` bytes of that part, AppError.badRequest for a malformed body.
 */
export async function streamMultipartField(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  field: string,
  max: number,
  write: (chunk: Buffer) => Promise<void>,
): Promise<boolean> {
  const b = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType.trim()) || !b) throw AppError.badRequest();
  const delimiter = Buffer.from(`\r\n--${b[1] ?? b[2]}`);
  // The body as if preceded by CRLF, so the first boundary looks like every other.
  let buf: Buffer = Buffer.from('\r\n');
  let state: 'preamble' | 'headers' | 'body' = 'preamble';
  let current: string | null = null;
  let found = false;
  let size = 0;
  const reader = body.getReader();
  let ended = false;
  const more = async () => {
    const { value, done } = await reader.read();
    if (done) ended = true;
    else buf = buf.length ? Buffer.concat([buf, value]) : Buffer.from(value);
  };
  try {
    for (;;) {
      if (state === 'preamble') {
        const i = buf.indexOf(delimiter);
        if (i === -1) {
          if (ended) throw AppError.badRequest();
          buf = buf.subarray(Math.max(0, buf.length - delimiter.length));
          await more();
          continue;
        }
        buf = buf.subarray(i + delimiter.length);
        state = 'headers';
      } else if (state === 'headers') {
        // After a boundary: '--' ends the body, CRLF starts a part's headers.
        if (buf.length < 2) {
          if (ended) throw AppError.badRequest();
          await more();
          continue;
        }
        if (buf[0] === 0x2d && buf[1] === 0x2d) break;
        const end = buf.indexOf('\r\n\r\n');
        if (end === -1) {
          if (ended || buf.length > 16 * 1024) throw AppError.badRequest();
          await more();
          continue;
        }
        const head = buf.subarray(2, end).toString('utf8');
        const name = /content-disposition:[^\r\n]*?\bname="([^"]*)"/i.exec(head)?.[1] ?? null;
        current = name === field && !found ? name : null;
        if (current) found = true;
        buf = buf.subarray(end + 4);
        state = 'body';
      } else {
        const i = buf.indexOf(delimiter);
        const upto = i === -1 ? Math.max(0, buf.length - delimiter.length + 1) : i;
        if (current && upto > 0) {
          size += upto;
          if (size > max) throw new TooLarge();
          await write(Buffer.from(buf.subarray(0, upto)));
        }
        buf = buf.subarray(i === -1 ? upto : i + delimiter.length);
        if (i !== -1) {
          state = 'headers';
          current = null;
          continue;
        }
        if (ended) throw AppError.badRequest();
        await more();
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return found;
}

/** Reads `length` bytes at `position` of an open file. */
async function readAt(
  fh: Awaited<ReturnType<typeof open>>,
  position: number,
  length: number,
): Promise<Buffer> {
  const out = Buffer.alloc(length);
  const { bytesRead } = await fh.read(out, 0, length, position);
  return out.subarray(0, bytesRead);
}

/**
 * The length in seconds of an MP4 file from its `moov/mvhd` box (the movie
 * header's duration over its timescale; for a fragmented file with no
 * duration there, `moov/mvex/mehd`), or null when there is none.
 */
export async function mp4Seconds(file: string): Promise<number | null> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    /** The boxes between start and end: [type, payload start, payload end]. */
    const boxes = async (start: number, end: number) => {
      const out: [string, number, number][] = [];
      let at = start;
      while (at + 8 <= end) {
        const h = await readAt(fh, at, 16);
        if (h.length < 8) break;
        let len = h.readUInt32BE(0);
        const type = h.toString('latin1', 4, 8);
        let header = 8;
        if (len === 1) {
          if (h.length < 16) break;
          len = Number(h.readBigUInt64BE(8));
          header = 16;
        } else if (len === 0) len = end - at;
        if (len < header || at + len > end) break;
        out.push([type, at + header, at + len]);
        at += len;
      }
      return out;
    };
    const moov = (await boxes(0, size)).find(([t]) => t === 'moov');
    if (!moov) return null;
    const inner = await boxes(moov[1], moov[2]);
    const mvhd = inner.find(([t]) => t === 'mvhd');
    if (!mvhd) return null;
    const m = await readAt(fh, mvhd[1], 32);
    const v1 = m[0] === 1;
    const timescale = v1 ? m.readUInt32BE(20) : m.readUInt32BE(12);
    let duration = v1 ? Number(m.readBigUInt64BE(24)) : m.readUInt32BE(16);
    if (!duration || duration === 0xffffffff) {
      const mvex = inner.find(([t]) => t === 'mvex');
      const mehd = mvex && (await boxes(mvex[1], mvex[2])).find(([t]) => t === 'mehd');
      if (mehd) {
        const e = await readAt(fh, mehd[1], 12);
        duration = e[0] === 1 ? Number(e.readBigUInt64BE(4)) : e.readUInt32BE(4);
      }
    }
    if (!timescale || !duration) return null;
    return duration / timescale;
  } finally {
    await fh.close();
  }
}

/**
 * Takes an uploaded video from a multipart body (field `file`), checks it and
 * stores it; answers its URL and its length in whole seconds.
 */
export async function uploadVideo(
  store: MediaStore,
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  max = MAX_VIDEO_BYTES,
  /** A lesson's or broadcast's video: stored sealed, played only through a grant (media-grant.ts). */
  sealed = false,
): Promise<{ url: string; duration: number }> {
  if (!body) throw AppError.badRequest(LEARNING_MSG.upload.empty);
  const dir = await mkdtemp(join(tmpdir(), 'xxt-video-'));
  const file = join(dir, 'upload.mp4');
  try {
    const out = createWriteStream(file);
    let first: Buffer = Buffer.alloc(0);
    const write = (chunk: Buffer) =>
      new Promise<void>((ok, fail) => {
        if (first.length < 12) first = Buffer.concat([first, chunk.subarray(0, 12)]);
        // The first bytes decide at once: no need to take 500 MB of something else.
        if (first.length >= 8 && first.toString('latin1', 4, 8) !== 'ftyp')
          return fail(AppError.badRequest(LEARNING_MSG.upload.notMp4));
        out.write(chunk, (err) => (err ? fail(err) : ok()));
      });
    let found: boolean;
    try {
      found = await streamMultipartField(body, contentType, 'file', max, write);
    } catch (err) {
      if (err instanceof TooLarge) throw AppError.badRequest(LEARNING_MSG.upload.tooLarge);
      throw err;
    } finally {
      await new Promise<void>((ok) => out.end(ok));
    }
    if (!found || first.length === 0) throw AppError.badRequest(LEARNING_MSG.upload.empty);
    if (first.length < 8 || first.toString('latin1', 4, 8) !== 'ftyp')
      throw AppError.badRequest(LEARNING_MSG.upload.notMp4);
    const seconds = await mp4Seconds(file);
    if (seconds === null) throw AppError.badRequest(LEARNING_MSG.upload.unreadable);
    if (sealed) {
      const key = `sealed/${randomBytes(12).toString('hex')}/video.mp4`;
      await store.putFile(key, file);
      return { url: `/media/${key}`, duration: Math.round(seconds) };
    }
    const name = `${randomBytes(16).toString('base64url')}.mp4`;
    await store.putFile(`uploads/${name}`, file);
    return { url: `/media/uploads/${name}`, duration: Math.round(seconds) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
