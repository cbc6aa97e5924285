/**
 * Aliyun RPC-style request signing (signature method HMAC-SHA1, version 1.0),
 * as used by Dysmsapi SendSms: the sorted, percent-encoded parameters form a
 * canonical query; the string to sign is `METHOD&%2F&` + its encoding; the
 * key is the AccessKey secret plus '&'.
 */
import { createHmac } from 'node:crypto';

/**
 * Aliyun's percent-encoding: RFC 3986, only A–Z a–z 0–9 - _ . ~ unescaped,
 * spaces as %20. percentEncode("a b*") → 'a%20b%2A'
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The canonicalized query: parameters sorted by name, each `name=value` encoded, joined by '&'. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
}

/** The string to sign: `GET&%2F&` + the encoded canonical query. */
export function stringToSign(method: string, params: Record<string, string>): string {
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** The Base64 HMAC-SHA1 signature of a request's parameters. */
export function rpcSignature(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  return createHmac('sha1', `${accessKeySecret}&`)
    .update(stringToSign(method, params))
    .digest('base64');
}

/** The full signed query string (canonical query plus `&Signature=`). */
export function signedQuery(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  return `${canonicalQuery(params)}&Signature=${percentEncode(rpcSignature(method, params, accessKeySecret))}`;
}
