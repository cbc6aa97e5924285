/**
 * Where files go and which CDN is purged, from the settings: uploads
 * (STORAGE_PROVIDER), resource files (RESOURCE_STORAGE) and CDN purges
 * (CDN_PROVIDER).
 */
import { aliyunCdn } from './cdn/aliyun.ts';
import { tencentCdn } from './cdn/tencent.ts';
import type { CdnPurger } from './cdn/types.ts';
import { missing, type Env } from './env.ts';
import { diskStorage, type UploadStorage } from './storage/disk.ts';
import { diskFiles, s3Files, type FileStore } from './storage/files.ts';
import { s3Storage } from './storage/s3.ts';

const CDN_VARS = ['CDN_ACCESS_KEY_ID', 'CDN_ACCESS_KEY_SECRET'];

/** CDN_PROVIDER=aliyun (RefreshObjectCaches) or tencent (PurgeUrlsCache); unset: none. */
export function buildCdn(env: Env): CdnPurger | null {
  const name = env.CDN_PROVIDER?.trim();
  if (!name) return null;
  if (name !== 'aliyun' && name !== 'tencent')
    throw new Error(`CDN_PROVIDER must be aliyun or tencent, got ${name}`);
  const absent = missing(env, CDN_VARS);
  if (absent.length) throw new Error(`CDN_PROVIDER=${name} needs ${absent.join(', ')}`);
  const quota = Number.parseInt(env.CDN_DAILY_QUOTA ?? '', 10);
  const common = {
    endpoint: env.CDN_ENDPOINT?.trim() || undefined,
    dailyQuota: Number.isInteger(quota) && quota > 0 ? quota : undefined,
  };
  return name === 'aliyun'
    ? aliyunCdn({
        accessKeyId: env.CDN_ACCESS_KEY_ID!.trim(),
        accessKeySecret: env.CDN_ACCESS_KEY_SECRET!.trim(),
        ...common,
      })
    : tencentCdn({
        secretId: env.CDN_ACCESS_KEY_ID!.trim(),
        secretKey: env.CDN_ACCESS_KEY_SECRET!.trim(),
        ...common,
      });
}

const S3_VARS = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

/** Where uploads are kept: the local disk (default) or, with STORAGE_PROVIDER=s3, a bucket. */
export function buildStorage(env: Env): UploadStorage {
  if (env.STORAGE_PROVIDER?.trim() !== 's3')
    return diskStorage(env.UPLOAD_DIR?.trim() || 'data/uploads');
  const absent = missing(env, S3_VARS);
  if (absent.length) throw new Error(`STORAGE_PROVIDER=s3 needs ${absent.join(', ')}`);
  return s3Storage({
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION!.trim(),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE?.trim() === '1',
    prefix: env.S3_PREFIX?.trim() || undefined,
  });
}

/**
 * Where resource files are kept: the local disk (RESOURCE_DIR, default
 * data/resources) or, with RESOURCE_STORAGE=s3, the S3_* bucket under
 * S3_RESOURCE_PREFIX (default resources/).
 */
export function buildResourceStore(env: Env): FileStore {
  if (env.RESOURCE_STORAGE?.trim() !== 's3')
    return diskFiles(env.RESOURCE_DIR?.trim() || 'data/resources');
  const absent = missing(env, S3_VARS);
  if (absent.length) throw new Error(`RESOURCE_STORAGE=s3 needs ${absent.join(', ')}`);
  return s3Files({
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION!.trim(),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE?.trim() === '1',
    prefix: env.S3_RESOURCE_PREFIX?.trim() || 'resources/',
  });
}

let processStorage: UploadStorage | undefined;

/** The upload storage of the process's environment, for callers without deps (serving /uploads). */
export function defaultUploadStorage(env: Env = process.env): UploadStorage {
  processStorage ??= buildStorage(env);
  return processStorage;
}
