/**
 * Where media live (issue 14: object storage for uploads, resources and media):
 * the local disk under MEDIA_DIR (default) or an S3-compatible bucket
 * (MEDIA_STORAGE=s3, the S3_* settings, keys under S3_MEDIA_PREFIX, default
 * media/). Everything under /media/ (generated HLS playlists, fMP4 segments,
 * covers, uploaded MP4s) is served from here, streamed, with byte ranges.
 *
 * A key is the path under /media/: 'gen/video-1/seg-003.m4s',
 * 'gen/covers/course-3-640.webp', 'uploads/<random>.mp4', and for lesson and broadcast
 * media 'sealed/<24 hex>/index.m3u8' and a ladder's 'sealed/<24 hex>/720p/seg-001.m4s' (served only through a grant, see
 * services/learning/media/media-grant.ts). Only those shapes are accepted, so a key can
 * never come from a client or walk out of the folder. On disk, generated media keep
 * the layout scripts/media.ts writes (MEDIA_DIR/<item>/…, MEDIA_DIR/covers/…,
 * MEDIA_DIR/sealed/<name>/…) and uploads go to MEDIA_DIR/uploads/.
 */
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { s3Presigner } from './media-presign.ts';
import { s3Client, type S3StorageOptions } from './s3.ts';

/** Open generated media: the demo's featured and short videos, covers and ad creatives. */
const GEN =
  /^gen\/(?:(?:video|short)-\d{1,4}\/(?:index\.m3u8|init\.mp4|seg-\d{3}\.m4s)|covers\/[a-z0-9-]{1,40}\.(?:webp|svg)|ads\/[a-z0-9-]{1,40}\.webp)$/;
const UPLOAD = /^uploads\/[A-Za-z0-9_-]{16,64}\.mp4$/;
/**
 * Lesson and broadcast media, served only through a grant (services/learning/media/media-grant.ts):
 * one rendition, or a ladder (master playlist, rungs in 360p/, 720p/, 1080p/), or an MP4.
 */
const SEALED =
  /^sealed\/[0-9a-f]{24}\/(?:(?:(?:360p|720p|1080p)\/)?(?:index\.m3u8|init\.mp4|seg-\d{3}\.m4s)|video\.mp4)$/;

/**
 * mediaKey('gen/video-1/seg-003.m4s') → true; '../x', 'gen/a/b/c.m4s' → false. Lesson and
 * broadcast media are sealed keys; a 'gen/lesson-…' folder left by an older build is not ours.
 */
export function mediaKey(key: string): boolean {
  return GEN.test(key) || UPLOAD.test(key) || SEALED.test(key);
}

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/** The Content-Type of a media key by its extension. */
export function mediaType(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/**
 * How long a cache may keep a key: uploads have random names that are never
 * reused (immutable); generated files keep their names when an item is
 * regenerated, so a day for segments and covers, a minute for playlists.
 */
export function mediaCacheControl(key: string): string {
  // Sealed bytes reach only the granted browser; no shared cache keeps them.
  if (key.startsWith('sealed/')) return 'private, max-age=600';
  if (key.startsWith('uploads/')) return 'public, max-age=31536000, immutable';
  if (key.endsWith('.m3u8')) return 'public, max-age=60';
  return 'public, max-age=86400';
}

/** One byte range asked for: first-last, from first to the end, or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/**
 * The single byte range of a Range header, or null when there is none or it
 * is not one we serve (several ranges, other units): then the whole file.
 * parseRange('bytes=0-99') → {start:0,end:99}; parseRange('bytes=-500') → {suffix:500}
 */
export function parseRange(header: string | null | undefined): ByteRange | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (m[2] === '') return { start };
  const end = Number(m[2]);
  return end < start ? null : { start, end };
}

/** The range's first and last byte in a file of `size` bytes, or null when it lies outside. */
export function resolveRange(r: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in r) {
    if (r.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - r.suffix), end: size - 1 };
  }
  if (r.start >= size) return null;
  return { start: r.start, end: Math.min(r.end ?? size - 1, size - 1) };
}

export interface MediaObject {
  /** The whole file's size. */
  size: number;
  /** The bytes sent: the range asked for, or null for the whole file. */
  range: { start: number; end: number } | null;
  type: string;
  body: ReadableStream<Uint8Array>;
}

export interface MediaStore {
  readonly name: 'disk' | 's3';
  /**
   * The file (or the range of it), or null when the key is not ours or there is
   * no such file; 'unsatisfiable' with the size when the range lies outside it.
   */
  open(
    key: string,
    range?: ByteRange | null,
  ): Promise<MediaObject | { unsatisfiable: true; size: number } | null>;
  /** Stores a local file under the key, whole or not at all. */
  putFile(key: string, file: string): Promise<void>;
  /** Keys present under a prefix ('gen/'). */
  keys(prefix: string): Promise<Set<string>>;
  /**
   * A bucket's pre-signed GET address of the key, valid `seconds` from `now` (media-presign.ts),
   * or null when the key is not ours. Absent on disk: there the app sends the bytes itself.
   */
  presign?(key: string, seconds: number, now?: Date): Promise<string | null>;
}

/** MEDIA_DIR: where generated demo media are written (scripts/media.ts) and disk media kept. */
export function mediaDirOf(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.MEDIA_DIR?.trim() || 'data/media');
}

export function diskMedia(dir: string): MediaStore {
  const root = resolve(dir);
  const path = (key: string) => join(root, key.startsWith('gen/') ? key.slice(4) : key);
  return {
    name: 'disk',
    async open(key, range) {
      if (!mediaKey(key)) return null;
      const file = path(key);
      const st = await stat(file).catch(() => null);
      if (!st?.isFile()) return null;
      const r = range ? resolveRange(range, st.size) : null;
      if (range && !r) return { unsatisfiable: true, size: st.size };
      return {
        size: st.size,
        range: r,
        type: mediaType(key),
        body: Readable.toWeb(
          createReadStream(file, r ?? {}),
        ) as unknown as ReadableStream<Uint8Array>,
      };
    },
    async putFile(key, file) {
      if (!mediaKey(key)) throw new Error(`refusing media key ${key}`);
      const target = path(key);
      await mkdir(resolve(target, '..'), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      await copyFile(file, tmp);
      await rename(tmp, target).catch(async (err: unknown) => {
        await unlink(tmp).catch(() => undefined);
        throw err;
      });
    },
    async keys(prefix) {
      const out = new Set<string>();
      const walk = async (abs: string, rel: string, depth: number): Promise<void> => {
        const entries = await readdir(abs, { withFileTypes: true }).catch(() => []);
        for (const e of entries) {
          const r = rel ? `${rel}/${e.name}` : e.name;
          // Three levels: sealed/<name>/<rung>/ holds a ladder's renditions.
          if (e.isDirectory() && depth < 3 && !e.name.startsWith('.'))
            await walk(join(abs, e.name), r, depth + 1);
          else if (e.isFile()) {
            const key = /^(?:uploads|sealed)\//.test(r) ? r : `gen/${r}`;
            if (key.startsWith(prefix) && mediaKey(key)) out.add(key);
          }
        }
      };
      await walk(root, '', 0);
      return out;
    },
  };
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

const rangeHeader = (r: ByteRange) =>
  'suffix' in r ? `bytes=-${r.suffix}` : `bytes=${r.start}-${r.end ?? ''}`;

export function s3Media(opts: S3StorageOptions): MediaStore {
  const client = s3Client(opts);
  const prefix = opts.prefix ?? '';
  const key = (k: string) => `${prefix}${k}`;
  const sign = s3Presigner(client, opts.bucket, prefix);
  return {
    name: 's3',
    presign: async (k, seconds, now) => (mediaKey(k) ? sign(k, seconds, now) : null),
    async open(k, range) {
      if (!mediaKey(k)) return null;
      try {
        // A suffix range becomes an explicit one (some S3-compatible servers read "-n" as "0-n").
        if (range && 'suffix' in range) {
          const head = await client.send(
            new HeadObjectCommand({ Bucket: opts.bucket, Key: key(k) }),
          );
          const size = head.ContentLength ?? 0;
          const r = resolveRange(range, size);
          if (!r) return { unsatisfiable: true, size };
          range = r;
        }
        const res = await client.send(
          new GetObjectCommand({
            Bucket: opts.bucket,
            Key: key(k),
            Range: range ? rangeHeader(range) : undefined,
          }),
        );
        if (!res.Body || res.ContentLength === undefined) return null;
        const cr = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
        const size = cr ? Number(cr[3]) : res.ContentLength;
        return {
          size,
          range: range && cr ? { start: Number(cr[1]), end: Number(cr[2]) } : null,
          type: mediaType(k),
          body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        };
      } catch (err) {
        if (missing(err)) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
          const head = await client.send(
            new HeadObjectCommand({ Bucket: opts.bucket, Key: key(k) }),
          );
          return { unsatisfiable: true, size: head.ContentLength ?? 0 };
        }
        throw err;
      }
    },
    async putFile(k, file) {
      if (!mediaKey(k)) throw new Error(`refusing media key ${k}`);
      const st = await stat(file);
      // One PUT: the object appears whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key(k),
          Body: createReadStream(file),
          ContentLength: st.size,
          ContentType: mediaType(k),
          CacheControl: mediaCacheControl(k),
        }),
      );
    },
    async keys(p) {
      const out = new Set<string>();
      // ListObjects (v1) paged by the last key seen (Marker), which every S3-compatible
      // server understands; v2's continuation tokens are not (s3rver fails to make them).
      let after: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({ Bucket: opts.bucket, Prefix: key(p), Marker: after }),
        );
        const keys = (page.Contents ?? []).map((o) => o.Key!).filter(Boolean);
        for (const k of keys) out.add(k.slice(prefix.length));
        if (!page.IsTruncated || keys.length === 0) break;
        after = keys[keys.length - 1];
      }
      return out;
    },
  };
}

/** The media store of an environment: disk under MEDIA_DIR, or the bucket with MEDIA_STORAGE=s3. */
export function buildMediaStore(env: Record<string, string | undefined>): MediaStore {
  if (env.MEDIA_STORAGE?.trim() !== 's3') return diskMedia(mediaDirOf(env));
  const need = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  const absent = need.filter((k) => !env[k]?.trim());
  if (absent.length) throw new Error(`MEDIA_STORAGE=s3 needs ${absent.join(', ')}`);
  return s3Media({
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION!.trim(),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE?.trim() === '1',
    prefix: env.S3_MEDIA_PREFIX?.trim() || 'media/',
  });
}

let processMedia: MediaStore | undefined;

/** The media store of the process's environment (serving /media/*, reading playlist lengths). */
export function defaultMediaStore(): MediaStore {
  processMedia ??= buildMediaStore(process.env);
  return processMedia;
}

/**
 * Puts the generated demo media (MEDIA_DIR, written by scripts/media.ts) into
 * the store where missing, a few at a time; answers how many it wrote. Run at
 * start in demo mode, so a bucket configured later gets them too. Nothing to
 * do when the store is that folder itself.
 */
export async function storeDemoMedia(store: MediaStore, dir = mediaDirOf()): Promise<number> {
  const local = diskMedia(dir);
  const both = async (m: MediaStore) =>
    new Set([...(await m.keys('gen/')), ...(await m.keys('sealed/'))]);
  const have = await both(local);
  const present = await both(store);
  if (store.name === 'disk' && have.size && present.size >= have.size) return 0;
  const todo = [...have].filter((k) => !present.has(k));
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const k = todo[next++]!;
      // A bucket may fail a PUT now and then under load: try again shortly.
      for (let attempt = 1; ; attempt++) {
        try {
          await store.putFile(k, join(resolve(dir), k.startsWith('gen/') ? k.slice(4) : k));
          break;
        } catch (err) {
          if (attempt >= 4) throw err;
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return todo.length;
}
