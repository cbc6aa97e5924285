/**
 * Upload storage in an S3-compatible bucket (issue 14: Aliyun OSS, Tencent
 * COS, MinIO, AWS S3), the alternative to the local disk. Requests carry
 * checksums only when an operation requires one (`WHEN_REQUIRED`): OSS and
 * COS reject the flexible checksums newer SDKs add by default. Names follow
 * the same rule as on disk, so a key can never be chosen by a client.
 */
import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { UPLOAD_NAME, type UploadStorage } from './disk.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** e.g. https://oss-cn-hangzhou.aliyuncs.com; unset for AWS itself. */
  endpoint?: string;
  /** Path-style addressing (MinIO, local servers); OSS and COS use virtual-hosted style. */
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket, e.g. 'uploads/'. */
  prefix?: string;
}

/** The client every bucket store uses: checksums only when required (OSS and COS). */
export function s3Client(opts: S3StorageOptions): S3Client {
  return new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? false,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function s3Storage(opts: S3StorageOptions): UploadStorage {
  const client = s3Client(opts);
  const key = (name: string) => `${opts.prefix ?? ''}${name}`;
  return {
    name: 's3',
    async put(name, bytes) {
      if (!UPLOAD_NAME.test(name)) throw new Error(`refusing upload name ${name}`);
      // One PUT: the object appears whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: 'image/webp',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: opts.bucket, Key: key(name) }),
        );
        return res.Body ? await res.Body.transformToByteArray() : null;
      } catch (err) {
        if (
          err instanceof S3ServiceException &&
          (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
        )
          return null;
        throw err;
      }
    },
  };
}
