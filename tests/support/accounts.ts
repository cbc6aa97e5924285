/**
 * Helpers for the accounts tests: requests with a chosen client address and
 * headers, the captcha → code → login steps through the demo-only endpoints,
 * uploads in a temp dir, and a "restarted" runtime over the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '../../src/server/api/app.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import type { Deps } from '../../src/server/deps.ts';
import { memoryLogger } from '../../src/server/logger.ts';
import { buildProviders, setProviders } from '../../src/server/providers/registry.ts';
import { diskStorage } from '../../src/server/providers/storage/disk.ts';
import type { TestRuntime } from './runtime.ts';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export interface CallOptions {
  method?: string;
  form?: Record<string, string | string[]>;
  json?: unknown;
  multipart?: FormData;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

type AppLike = Pick<TestRuntime, 'app'>;

/** One request to the app; answers status, headers and the parsed envelope. */
export async function call<T = unknown>(rt: AppLike, path: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  let body: BodyInit | undefined;
  if (opts.form) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form))
      for (const one of [v].flat()) params.append(k, one);
    body = params.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  } else if (opts.multipart) {
    body = opts.multipart;
  }
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  const res = await rt.app.request(path, { method, headers, body });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as Envelope<T>,
  };
}

/** A fresh captcha and its answer (read through the demo-only endpoint). */
export async function captcha(
  rt: AppLike,
  ip = '10.0.0.1',
): Promise<{ captchaId: string; answer: string }> {
  const made = await call<{ captcha: string; captchaId: string }>(rt, '/api/getCaptcha', {
    json: { captchaType: 0 },
    ip,
  });
  const dev = await call<{ answer: string }>(rt, `/api/dev/captcha/${made.body.data.captchaId}`);
  return { captchaId: made.body.data.captchaId, answer: dev.body.data.answer };
}

/** Solves a captcha and asks for a code (type 1 login, 2 reset); answers the envelope. */
export async function sendCode(
  rt: AppLike,
  mobile: string,
  opts: { type?: 1 | 2; ip?: string; path?: string } = {},
) {
  const ip = opts.ip ?? '10.0.0.1';
  const { captchaId, answer } = await captcha(rt, ip);
  const form: Record<string, string> = { mobile, areaNum: '86', captcha: answer, captchaId };
  if (opts.path === undefined) form.type = String(opts.type ?? 1);
  return (await call(rt, opts.path ?? '/api/user/sendCode', { form, ip })).body;
}

/** The latest code in the development outbox for a phone, or null. */
export async function lastCode(rt: AppLike, mobile: string): Promise<string | null> {
  const res = await call<{ code: string }>(rt, `/api/dev/sms-outbox?mobile=${mobile}`);
  return res.body.code === 200 ? res.body.data.code : null;
}

/** Logs a phone in by SMS code (registering it if new); answers the token and whether it registered. */
export async function codeLogin(
  rt: AppLike,
  mobile: string,
  opts: { ip?: string; inviteCode?: string } = {},
) {
  const sent = await sendCode(rt, mobile, { ip: opts.ip });
  if (sent.code !== 200) throw new Error(`sendCode failed: ${sent.message}`);
  const code = await lastCode(rt, mobile);
  const res = await call<{ token: string; registered: boolean }>(rt, '/api/user/loginCode', {
    json: {
      mobile,
      areaNum: '86',
      code,
      ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
    },
    ip: opts.ip,
  });
  if (res.body.code !== 200) throw new Error(`loginCode failed: ${res.body.message}`);
  return res.body.data;
}

/** Points the runtime's upload storage at a temp dir; answers the dir and a cleanup. */
export function tempUploads(rt: Pick<TestRuntime, 'deps'>): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'xxt-uploads-'));
  setProviders(rt.deps, { storage: diskStorage(dir) });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A second runtime over the same database, as after a process restart: a new
 * connection, new deps and app, no in-memory state carried over (the clock
 * is shared so tests can keep moving time).
 */
export async function restarted(rt: TestRuntime) {
  const handle = await openDatabase(rt.deps.config.database);
  const { providers: _old, ...rest } = rt.deps;
  const base = { ...rest, db: handle.db, logger: memoryLogger() };
  const deps: Deps = { ...base, providers: buildProviders(base) };
  return { app: createApiApp(deps), deps, close: () => handle.close() };
}

/**
 * Every log line as text without its time, request id and duration (digits
 * there could match a 4-digit code by chance), for "no secrets in logs" checks.
 */
export function logText(rt: Pick<TestRuntime, 'logger'>): string {
  return JSON.stringify(
    rt.logger.lines.map(({ time: _t, requestId: _r, ms: _m, ...rest }) => rest),
  );
}

/**
 * Whether any log line carries a secret. Short secrets (4-digit codes) count
 * only as a whole token, so a masked phone such as 139****1029 is no match.
 */
export function logsLeak(rt: Pick<TestRuntime, 'logger'>, secret: string): boolean {
  const text = logText(rt);
  if (secret.length >= 8) return text.includes(secret);
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^0-9A-Za-z*])${escaped}([^0-9A-Za-z]|$)`).test(text);
}

/** Starts a WeChat login from an origin; answers the provider URL it redirects to. */
export async function wxStart(
  rt: AppLike,
  path = '/api/user/wx/login?redirect=/live',
  origin = 'https://www.xxt.example',
) {
  const res = await rt.app.request(`${origin}${path}`);
  if (res.status !== 302) throw new Error(`expected a redirect, got ${res.status}`);
  return {
    url: new URL(res.headers.get('location')!, origin),
    cacheControl: res.headers.get('cache-control'),
  };
}

export interface WxCallbackData {
  bound: boolean;
  token?: string;
  bindToken?: string;
  redirect: string;
  host: string;
}

/** Posts the provider's code and state to the callback, as /wxredirect does. */
export function wxCallback(rt: AppLike, code: string, state: string) {
  return call<WxCallbackData>(rt, '/api/user/wx/callback', { form: { code, state } });
}
