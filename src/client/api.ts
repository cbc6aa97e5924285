/**
 * The browser's calls to /api: ky with the site's envelope. A handled failure
 * comes back as its envelope (the caller shows `message`); any transport or
 * HTTP failure becomes code -1 with 网络错误 (spec 8).
 */
import ky from 'ky';
import type { Envelope } from '../shared/api-shapes.ts';
import { MSG } from '../shared/messages.ts';
import { apiCredentials, apiUrl } from './api-origin.ts';

export type { Envelope };

let client: ReturnType<typeof ky.create> | undefined;
/** Created on first use: the API origin is read from the page. */
const http = (...args: Parameters<ReturnType<typeof ky.create>>) =>
  (client ??= ky.create({
    prefix: apiUrl('/api'),
    credentials: apiCredentials(),
    retry: 0,
    timeout: 15_000,
  }))(...args);

type Body = {
  form?: Record<string, string>;
  json?: unknown;
  searchParams?: Record<string, string>;
  timeout?: number;
  body?: FormData;
  /** Sent even if the page is left right after (a small write made on the way out). */
  keepalive?: boolean;
};

/** api('post', 'user/login', { form }) → the envelope, or { code: -1, message: '网络错误' }. */
export async function api<T = unknown>(
  method: 'get' | 'post',
  path: string,
  opts: Body = {},
): Promise<Envelope<T>> {
  try {
    const res = await http(path, {
      method,
      searchParams: opts.searchParams,
      json: opts.json,
      body: opts.form ? new URLSearchParams(opts.form) : opts.body,
      timeout: opts.timeout,
      keepalive: opts.keepalive,
    });
    const body = (await res.json()) as Envelope<T>;
    if (typeof body?.code !== 'number') throw new Error('not an envelope');
    return body;
  } catch {
    return { code: -1, message: MSG.networkError, data: null as T };
  }
}
