/**
 * The cryptography of WeChat Pay API v3, shared by our client and the local
 * demo platform that speaks the same protocol:
 * - requests are signed with the merchant's RSA key (SHA256withRSA) over
 *   "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n" and carried in
 *   `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",timestamp="…",serial_no="…",signature="…"`;
 * - answers and notifications are signed by the platform over
 *   "TIMESTAMP\nNONCE\nBODY\n" (headers Wechatpay-Timestamp / -Nonce /
 *   -Signature / -Serial) and verified with the platform public key;
 * - a notification's `resource` is AEAD_AES_256_GCM encrypted with the
 *   merchant's APIv3 key (32 bytes), the 16-byte tag at the end of the
 *   base64 ciphertext.
 */
import {
  createCipheriv,
  createDecipheriv,
  createSign,
  createVerify,
  randomBytes,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export const WECHATPAY_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** How far a signed timestamp may be from our clock (the documented 5 minutes). */
export const WECHATPAY_TIME_WINDOW_S = 300;

/** A random nonce of 32 upper-case hex characters, as WeChat Pay's own examples use. */
export function wechatNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** SHA256withRSA over `message`, base64. */
export function rsaSign(message: string, privateKey: KeyObject | string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** Verifies a base64 SHA256withRSA signature; false for any malformed input. */
export function rsaVerify(
  message: string,
  signature: string,
  publicKey: KeyObject | string,
): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The string a request signature covers: requestMessage('GET', '/v3/x?a=1', '1554208460', 'N', '') */
export function requestMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method.toUpperCase()}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The string an answer or notification signature covers. */
export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  timestamp: string;
  serial_no: string;
  signature: string;
}

/** The Authorization header value of a signed request. */
export function authorizationHeader(f: AuthorizationFields): string {
  return (
    `${WECHATPAY_SCHEMA} mchid="${f.mchid}",nonce_str="${f.nonce_str}",` +
    `timestamp="${f.timestamp}",serial_no="${f.serial_no}",signature="${f.signature}"`
  );
}

/** Parses an Authorization header; null unless it is the v3 scheme with every field. */
export function parseAuthorization(header: string | undefined): AuthorizationFields | null {
  if (!header?.startsWith(`${WECHATPAY_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(WECHATPAY_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[m[1]!] = m[2]!;
  const { mchid, nonce_str, timestamp, serial_no, signature } = fields;
  if (!mchid || !nonce_str || !timestamp || !serial_no || !signature) return null;
  return { mchid, nonce_str, timestamp, serial_no, signature };
}

/** True when a signed unix timestamp (seconds) is within the window of `nowMs`. */
export function withinWindow(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= WECHATPAY_TIME_WINDOW_S;
}

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  nonce: string;
  original_type: string;
}

/** Encrypts a notification resource (the platform's side; our tests and the demo platform). */
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  associatedData: string,
  originalType: string,
): EncryptedResource {
  const nonce = randomBytes(6).toString('hex'); // 12 characters, as the platform sends
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: body.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: originalType,
  };
}

/** Decrypts a notification resource; throws when the key, nonce, data or tag do not match. */
export function decryptResource(
  resource: Pick<EncryptedResource, 'ciphertext' | 'associated_data' | 'nonce'>,
  apiV3Key: string,
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}
