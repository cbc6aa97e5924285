/**
 * Pre-signed media addresses (issue 23, MEDIA_STORAGE=s3): the fast signer (one signature per
 * address after the endpoint is learned once) gives exactly the address the SDK's getSignedUrl
 * gives, path-style (a local S3 server, MinIO) and virtual-hosted (OSS, COS), and caps the
 * lifetime at a grant's. Signing needs no network.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { s3Presigner } from '../../src/server/providers/storage/media-presign.ts';
import { s3Client } from '../../src/server/providers/storage/s3.ts';

const key = `sealed/${'a'.repeat(24)}/720p/seg-012.m4s`;
const at = new Date('2026-11-25T12:00:00Z');

describe.each([
  ['path-style', 'http://127.0.0.1:9000', true],
  ['virtual-hosted', 'https://oss-cn-hangzhou.aliyuncs.com', false],
  ['AWS itself', undefined, false],
] as const)('the media presigner, %s', (_, endpoint, forcePathStyle) => {
  const opts = {
    bucket: 'xxt-media',
    region: 'cn-hangzhou',
    accessKeyId: 'AKID',
    secretAccessKey: 'secret',
    endpoint,
    forcePathStyle,
  };
  const client = s3Client(opts);
  const sign = s3Presigner(client, 'xxt-media', 'media/');

  it('gives the address getSignedUrl gives', async () => {
    for (const k of [key, 'uploads/AbCdEfGhIjKlMnOpQrStUv.mp4']) {
      const want = await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: 'xxt-media', Key: `media/${k}` }),
        { expiresIn: 300, signingDate: at },
      );
      expect(await sign(k, 300, at)).toBe(want);
    }
    const url = new URL(await sign(key, 300, at));
    expect(url.pathname).toMatch(/\/media\/sealed\/a{24}\/720p\/seg-012\.m4s$/);
    if (endpoint) expect(url.origin).toContain(new URL(endpoint).hostname);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261125T120000Z');
  });

  it('lives no longer than a grant and at least a second', async () => {
    const expires = async (s: number) =>
      new URL(await sign(key, s, at)).searchParams.get('X-Amz-Expires');
    expect(await expires(86_400)).toBe('600');
    expect(await expires(299.9)).toBe('299');
    expect(await expires(0)).toBe('1');
  });
});
