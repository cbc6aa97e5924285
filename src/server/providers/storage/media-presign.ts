/**
 * Pre-signed GET addresses of media objects in the bucket (issue 23, MEDIA_STORAGE=s3): what
 * a granted player is given for sealed segments, init files and MP4s, so their bytes come
 * straight from the bucket (or a CDN in front of it that forwards the query string) and never
 * through the app. The bucket stays private: an address opens one object, by GET, for the
 * seconds it was signed for (AWS Signature V4 in the query: X-Amz-Signature, X-Amz-Expires).
 * The host is the configured endpoint (S3_ENDPOINT, or AWS's own for the region).
 *
 * A playlist of a two-hour replay lists hundreds of segments. The SDK's getSignedUrl resolves
 * the endpoint rules and runs the client's middleware for each (about 0.3 ms); so it is asked
 * once, for the bucket's address and signing region, and every address after that costs one
 * signature with the same signer (S3RequestPresigner), giving the same URL getSignedUrl would.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

/** The longest a pre-signed media address lives, whatever it is asked for: a grant's lifetime. */
export const PRESIGN_MAX_SECONDS = 600;

/**
 * Signs a GET address of a key (as the media store names it) valid `seconds` from `now` (the
 * app's clock, so the address ends exactly when the app says; default the time of the call).
 */
export type MediaPresigner = (key: string, seconds: number, now?: Date) => Promise<string>;

/** encodeURIComponent as AWS signs a query: also ! ' ( ) *. */
const escape = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** Media keys are made of these only, so a key is its own path (what the SDK would send). */
const PLAIN_KEY = /^[A-Za-z0-9_./-]+$/;

/** The presigner of keys under `prefix` in `bucket`. */
export function s3Presigner(client: S3Client, bucket: string, prefix: string): MediaPresigner {
  const bySdk = (key: string, expiresIn: number, now?: Date) =>
    getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }), {
      expiresIn,
      signingDate: now,
    });
  let setup: Promise<{ base: URL; signer: S3RequestPresigner }> | undefined;
  const learn = async () => {
    // The address of a probe key: the bucket's origin and path (path-style or virtual-hosted)
    // and the region it is signed for, as the endpoint rules resolve them.
    const probe = new URL(await bySdk('_', 1));
    if (!probe.pathname.endsWith(`/${prefix}_`)) throw new Error(`unexpected address ${probe}`);
    const region = probe.searchParams.get('X-Amz-Credential')?.split('/')[2];
    if (!region) throw new Error('no signing region');
    const signer = new S3RequestPresigner({
      ...client.config,
      region: async () => region,
      signingName: 's3',
    });
    return { base: probe, signer };
  };
  return async (key, seconds, now) => {
    const expiresIn = Math.max(1, Math.min(PRESIGN_MAX_SECONDS, Math.floor(seconds)));
    if (!PLAIN_KEY.test(prefix + key)) return bySdk(key, expiresIn, now);
    const { base, signer } = await (setup ??= learn().catch((err: unknown) => {
      setup = undefined;
      throw err;
    }));
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port ? Number(base.port) : undefined,
        path: `${base.pathname.slice(0, -1)}${key}`,
        query: { 'x-id': 'GetObject' },
        headers: { host: base.host },
      },
      { expiresIn, signingDate: now },
    );
    const query = Object.keys(signed.query ?? {})
      .sort()
      .map((k) => `${escape(k)}=${escape(String(signed.query![k]))}`)
      .join('&');
    return `${base.origin}${signed.path}?${query}`;
  };
}
