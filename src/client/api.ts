/**
 * The browser's calls to /api: ky with the site's envelope. A handled failure
 * comes back as its envelope (the caller shows `message`); any transport or
 * HTTP failure becomes code -1 with 网络错误 (spec 8). A page of a static export
 * on a host without the API (issue 25) gets a page, not an envelope, back: it
 * says so (当前为静态页面，登录服务暂不可用) instead of 网络错误.
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
  let res: Response | undefined;
  try {
    res = await http(path, {
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
  } catch (err) {
    const answer = res ?? (err as { response?: Response }).response;
    return {
      code: -1,
      message: noApi(answer) ? MSG.staticNoApi : MSG.networkError,
      data: null as T,
    };
  }
}

/**
 * Whether an answer came from a host without the API: a static host answers /api/… with its
 * own page (a 404, a 405 for a POST, or an index page), never with JSON.
 */
function noApi(res: Response | undefined): boolean {
  if (!res) return false;
  const type = res.headers.get('content-type') ?? '';
  if (/json/i.test(type)) return false;
  return [403, 404, 405].includes(res.status) || (res.ok && /html|xml|text\/plain/i.test(type));
}
