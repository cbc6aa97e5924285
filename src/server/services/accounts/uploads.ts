/**
 * Image uploads (spec 7: /api/upload/image1.action, used for the avatar).
 * The type is judged by the bytes (sharp reads the real format), never by
 * the file name; the image is re-encoded to WebP of at most 512×512, which
 * drops EXIF, GPS and any other metadata, and stored under a random name.
 */
import { randomBytes } from 'node:crypto';
import type { OutputInfo, Sharp } from 'sharp';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { defaultUploadStorage } from '../../providers/registry.ts';
import { UPLOAD_NAME } from '../../providers/storage/disk.ts';
import { consumeLimits } from '../lib/index.ts';
import { ACCOUNTS_MSG } from './messages.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_SIDE = 512;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Public path prefix the uploads are served under (mounted by the front server). */
export const UPLOADS_PATH = '/uploads/';

type UploadDeps = Pick<Deps, 'db' | 'clock' | 'logger' | 'config' | 'providers'>;

/** Decodes a file's bytes as an accepted image, or throws the type message (non-images, SVG, decompression bombs). */
async function decode(bytes: Uint8Array): Promise<Sharp> {
  // Loaded on the first upload: libvips costs the server tens of MB it rarely needs.
  const { default: sharp } = await import('sharp');
  // 40 megapixels: a phone photo passes; a small file that inflates to gigabytes does not.
  const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
  try {
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format))
      throw new Error(`format ${meta.format}`);
  } catch {
    throw AppError.badRequest(ACCOUNTS_MSG.uploadType);
  }
  return image;
}

/** Stores an uploaded image for a member and returns its public URL, e.g. `{ url: '/uploads/Xa…9.webp' }`. */
export async function saveUploadedImage(
  deps: UploadDeps,
  userId: number,
  file: unknown,
): Promise<{ url: string }> {
  if (!(file instanceof Blob) || file.size === 0)
    throw AppError.badRequest(ACCOUNTS_MSG.uploadMissing);
  if (file.size > UPLOAD_MAX_BYTES) throw AppError.badRequest(ACCOUNTS_MSG.uploadTooLarge);
  await consumeLimits(deps, [
    {
      bucket: `upload:user:${userId}`,
      windowMs: 3_600_000,
      max: 30,
      message: () => ACCOUNTS_MSG.uploadTooMany,
    },
  ]);
  const image = await decode(new Uint8Array(await file.arrayBuffer()));
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await image
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize(UPLOAD_MAX_SIDE, UPLOAD_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw AppError.badRequest(ACCOUNTS_MSG.uploadType);
  }
  const name = `${randomBytes(16).toString('base64url')}.webp`;
  await deps.providers.storage.put(name, out.data);
  await deps.db
    .insertInto('uploads')
    .values({
      name,
      user_id: userId,
      bytes: out.data.length,
      width: out.info.width,
      height: out.info.height,
      created_at: iso(deps.clock.now()),
    })
    .execute();
  return { url: `${UPLOADS_PATH}${name}` };
}

/** The stored name in an upload URL (`/uploads/x.webp` or `<siteUrl>/uploads/x.webp`), or null. */
export function uploadName(deps: Pick<Deps, 'config'>, url: string): string | null {
  const path = url.startsWith(deps.config.siteUrl) ? url.slice(deps.config.siteUrl.length) : url;
  if (!path.startsWith(UPLOADS_PATH)) return null;
  const name = path.slice(UPLOADS_PATH.length);
  return UPLOAD_NAME.test(name) ? name : null;
}

/** Whether a URL names an image this member uploaded. */
export async function isOwnUpload(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: number,
  url: string,
): Promise<boolean> {
  const name = uploadName(deps, url);
  if (!name) return false;
  const row = await deps.db
    .selectFrom('uploads')
    .select('id')
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The bytes of a stored upload (served as image/webp at /uploads/<name>), or
 * null for an unknown or malformed name. Without deps, the storage named by
 * the process's environment is read.
 */
export async function readUpload(name: string, deps?: UploadDeps): Promise<Uint8Array | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  const storage = deps ? deps.providers.storage : defaultUploadStorage();
  return storage.get(name);
}
