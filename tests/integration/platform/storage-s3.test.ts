/**
 * Uploads in an S3-compatible bucket (issue 14: object storage): the adapter
 * against a local S3 server (s3rver, from npm), and an avatar upload through
 * the real API landing in the bucket and read back, with the disk untouched.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildResourceStore, buildStorage } from '../../../src/server/providers/registry.ts';
import { downloadResponse } from '../../../src/server/services/courses/index.ts';
import { s3Files } from '../../../src/server/providers/storage/files.ts';
import type { UploadStorage } from '../../../src/server/providers/storage/disk.ts';
import { readUpload } from '../../../src/server/services/accounts/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let server: S3rver;
let dir: string;
let env: Record<string, string>;
let storage: UploadStorage;
let rt: TestRuntime;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xxt-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'xxt-uploads', configs: [] }],
  });
  const { port } = await server.run();
  env = {
    STORAGE_PROVIDER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: '1',
    S3_BUCKET: 'xxt-uploads',
    S3_REGION: 'cn-hangzhou',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'avatars/',
    UPLOAD_DIR: join(dir, 'must-stay-empty'),
    RESOURCE_STORAGE: 's3',
    RESOURCE_DIR: join(dir, 'resources-must-stay-empty'),
  };
  storage = buildStorage(env);
  rt = await createTestRuntime({ providerEnv: env });
});
afterAll(async () => {
  await rt.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the S3 upload storage', () => {
  it('stores and reads back by the server-made name; unknown and malformed names are null', async () => {
    expect(storage.name).toBe('s3');
    const name = 'AbCdEfGhIjKlMnOpQrStUv.webp';
    await storage.put(name, new Uint8Array([1, 2, 3, 4]));
    expect(Array.from((await storage.get(name))!)).toEqual([1, 2, 3, 4]);
    expect(await storage.get('ZZZZZZZZZZZZZZZZZZZZZZ.webp')).toBeNull();
    expect(await storage.get('../secret.webp')).toBeNull();
    await expect(storage.put('evil/../x.webp', new Uint8Array([1]))).rejects.toThrow(/refusing/);
  });

  it('says which settings are missing', () => {
    expect(() => buildStorage({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b' })).toThrow(
      'STORAGE_PROVIDER=s3 needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(buildStorage({}).name).toBe('disk');
  });

  it('an avatar uploaded through the API lands in the bucket', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#cc6633' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    const token = await rt.tokenFor(DEMO.members[1]);
    const res = await call<{ url: string }>(rt, '/api/upload/image1.action', {
      multipart: form,
      token,
    });
    expect(res.body.code).toBe(200);
    const name = res.body.data.url.slice('/uploads/'.length);
    const bytes = (await readUpload(name, rt.deps))!;
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    expect(Array.from((await storage.get(name))!)).toEqual(Array.from(bytes));
    // Nothing went to the disk.
    expect(existsSync(env.UPLOAD_DIR!)).toBe(false);
  });
});

describe('resource files in the bucket', () => {
  it('the demo files are put there at start and a member downloads the real bytes', async () => {
    const r = await rt.db
      .selectFrom('resources')
      .select(['id', 'file_url', 'file_size'])
      .where('course_id', 'is', null)
      .where('file_url', 'like', '%.zip')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const member = await rt.userId(DEMO.members[0]);
    const res = await downloadResponse(rt.deps, r.id, member);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(r.file_size);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const inBucket = s3Files({
      bucket: 'xxt-uploads',
      region: 'cn-hangzhou',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      prefix: 'resources/',
    });
    // The object is in the bucket under resources/, and nothing went to the disk.
    expect(await inBucket.has(r.file_url.slice('/downloads/'.length))).toBe(true);
    expect(existsSync(env.RESOURCE_DIR!)).toBe(false);
  });

  it('a file missing from the bucket is a clear message, not a server error', async () => {
    const files = buildResourceStore(env);
    expect(await files.open('no-such-file.pdf')).toBeNull();
    expect(await files.has('../../etc/passwd.pdf')).toBe(false);
  });
});
