/**
 * Where downloadable resource files live (issue 14: object storage): the
 * local disk (RESOURCE_DIR, default) or an S3-compatible bucket
 * (RESOURCE_STORAGE=s3, the S3_* settings, keys under S3_RESOURCE_PREFIX).
 * Files are streamed, never read whole, and named by the same strict rule
 * everywhere so a key can never come from a client.
 */
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { s3Client, type S3StorageOptions } from './s3.ts';

export const RESOURCE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(pdf|zip|xlsx|docx)$/;

export interface FileStore {
  readonly name: 'disk' | 's3';
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  has(name: string): Promise<boolean>;
  /** The file's size and a stream of its bytes, or null when there is no such file. */
  open(name: string): Promise<{ size: number; body: ReadableStream<Uint8Array> } | null>;
}

export function diskFiles(dir: string): FileStore {
  const root = resolve(dir);
  const size = async (name: string) =>
    RESOURCE_NAME.test(name)
      ? stat(join(root, name)).then(
          (st) => (st.isFile() ? st.size : null),
          () => null,
        )
      : null;
  return {
    name: 'disk',
    async put(name, bytes) {
      if (!RESOURCE_NAME.test(name)) throw new Error(`refusing resource name ${name}`);
      await mkdir(root, { recursive: true });
      const tmp = join(root, `.${name}.${process.pid}.tmp`);
      await writeFile(tmp, bytes);
      await rename(tmp, join(root, name));
    },
    has: async (name) => (await size(name)) !== null,
    async open(name) {
      const n = await size(name);
      if (n === null) return null;
      return {
        size: n,
        body: Readable.toWeb(createReadStream(join(root, name))) as ReadableStream<Uint8Array>,
      };
    },
  };
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function s3Files(opts: S3StorageOptions): FileStore {
  const client = s3Client(opts);
  const key = (name: string) => `${opts.prefix ?? ''}${name}`;
  return {
    name: 's3',
    async put(name, bytes, contentType) {
      if (!RESOURCE_NAME.test(name)) throw new Error(`refusing resource name ${name}`);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async has(name) {
      if (!RESOURCE_NAME.test(name)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key(name) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async open(name) {
      if (!RESOURCE_NAME.test(name)) return null;
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: opts.bucket, Key: key(name) }),
        );
        if (!res.Body || res.ContentLength === undefined) return null;
        return {
          size: res.ContentLength,
          body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
  };
}
