/**
 * Every registered API route, called with hostile input (issue 13): wrong
 * types, 1 MB strings, control characters, malformed JSON and forms, as a
 * visitor, a member and an admin. No answer may be a 500: malformed input is
 * the client's error and gets a Chinese message, never a server failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allRoutes } from '../../../src/server/api/routes/index.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

/** Field names a route's input schema declares (objects, and objects behind pipes or preprocessing). */
function fieldsOf(schema: z.ZodType | undefined, depth = 0): string[] {
  if (!schema || depth > 5) return [];
  const s = schema as unknown as {
    shape?: Record<string, unknown>;
    _zod?: { def?: { in?: z.ZodType; out?: z.ZodType; schema?: z.ZodType; innerType?: z.ZodType } };
  };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  const def = s._zod?.def;
  return [
    ...fieldsOf(def?.in, depth + 1),
    ...fieldsOf(def?.out, depth + 1),
    ...fieldsOf(def?.schema, depth + 1),
    ...fieldsOf(def?.innerType, depth + 1),
  ];
}

const MB = 'x'.repeat(1024 * 1024);
const CONTROLS = 'a\u0000b\u0001c\u001f\u007f\u0085d';
/** Percent-encodings that decode to nothing valid: NUL, a UTF-8 surrogate, a lone byte, a cut escape. */
const RAW_QUERY_VALUES = ['%00', '%ED%A0%80', '%FF', '%', '%E4%B8'];

/** Values of every wrong kind for one field. */
const HOSTILE: unknown[] = [
  CONTROLS,
  MB,
  '-1',
  '1e400',
  '99999999999999999999',
  '1.5',
  '',
  "' OR 1=1 --",
];
const HOSTILE_JSON: unknown[] = [
  null,
  true,
  -1,
  1e308,
  [],
  [1, 2],
  { a: { b: { c: 1 } } },
  CONTROLS,
  MB,
];

/** A path with its parameters filled by `value`. */
function fill(path: string, value: string): string {
  return path.replace(/:(\w+)/g, () => encodeURIComponent(value));
}

let rt: TestRuntime;
let member: string;
let admin: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  member = await rt.tokenFor('13800138001');
  admin = await rt.tokenFor('13800138000');
});
afterAll(async () => {
  await rt?.close();
});

interface Attempt {
  what: string;
  status: number;
  message: string;
  code: number | null;
}

async function attempt(
  method: string,
  path: string,
  token: string | undefined,
  init: { query?: string; body?: string; type?: string },
): Promise<Attempt> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.type) headers['content-type'] = init.type;
  const url = init.query ? `${path}${path.includes('?') ? '&' : '?'}${init.query}` : path;
  const res = await rt.app.request(url, {
    method: method.toUpperCase(),
    headers,
    body: method === 'get' ? undefined : init.body,
  });
  const what = `${method.toUpperCase()} ${url.slice(0, 120)} ${init.type ?? ''} ${(init.body ?? '').slice(0, 80)}`;
  // An event stream (a live chat's) stays open: its head is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { what, status: res.status, code: null, message: '' };
  }
  const text = await res.text();
  let code: number | null = null;
  let message = '';
  try {
    const body = JSON.parse(text) as { code?: number; message?: unknown };
    code = body.code ?? null;
    message = typeof body.message === 'string' ? body.message : '';
  } catch {
    /* not JSON: a download or a redirect */
  }
  return {
    what,
    status: res.status,
    code,
    message,
  };
}

/** The callers worth trying for a route: a visitor, plus the weakest caller its access admits. */
function callers(access: string): (string | undefined)[] {
  if (access === 'public') return [undefined, member];
  if (access === 'admin' || access.startsWith('staff:')) return [admin];
  return [member];
}

/** Query strings putting one field at a time in a hostile state (others absent, so validation of a
 * sibling cannot hide a failure), plus every field at once. */
function hostileQueries(fields: string[]): string[] {
  const out: string[] = [];
  for (const f of fields) {
    for (const value of HOSTILE) {
      const v = String(value);
      out.push(`${f}=${encodeURIComponent(v)}`, `q=1&${f}=ok${encodeURIComponent(v)}ok`);
    }
    for (const raw of RAW_QUERY_VALUES) out.push(`${f}=${raw}`, `${f}=a${raw}b`);
    out.push(`${f}[]=1&${f}[]=2`, `${f}=1&${f}=2`);
  }
  out.push(fields.map((f) => `${f}=${encodeURIComponent(CONTROLS)}`).join('&'));
  return out;
}

/** What one route answered wrongly: a 500, or a refusal that is not in Chinese. */
function failuresOf(attempts: Attempt[]): Attempt[] {
  return attempts.filter(
    (a) =>
      a.status >= 500 ||
      a.code === 500 ||
      // A refusal says what is wrong in Chinese, never a library's English default.
      (a.code !== null && a.code !== 200 && !/[\u4e00-\u9fff]/.test(a.message)),
  );
}

/** Every hostile call of one route, one after another. */
async function fuzz(route: (typeof allRoutes)[number]): Promise<Attempt[]> {
  const seen: Attempt[] = [];
  const fields = [...new Set([...fieldsOf(route.input), 'id', 'page', 'size', 'type', 'word'])];
  const paths = [
    fill(route.path, '1'),
    fill(route.path, 'abc'),
    fill(route.path, CONTROLS),
    fill(route.path, '99999999999999999999'),
  ];
  const path = paths[0]!;
  for (const token of callers(route.access)) {
    for (const p of paths) seen.push(await attempt(route.method, p, token, {}));
    for (const query of hostileQueries(fields)) {
      if (route.method === 'get') seen.push(await attempt('get', path, token, { query }));
      else
        seen.push(
          await attempt(route.method, path, token, {
            body: query,
            type: 'application/x-www-form-urlencoded',
          }),
        );
    }
    if (route.method === 'get') continue;
    for (const body of ['{', '{"a":', '[1,2]', 'null', '"x"', '{"id":{"$gt":1}}', '\u0000']) {
      seen.push(await attempt(route.method, path, token, { body, type: 'application/json' }));
    }
    for (const f of fields) {
      for (const value of HOSTILE_JSON) {
        const body = JSON.stringify({ [f]: value });
        seen.push(await attempt(route.method, path, token, { body, type: 'application/json' }));
      }
    }
    seen.push(
      await attempt(route.method, path, token, {
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
        type: 'multipart/form-data; boundary=x',
      }),
    );
  }
  return seen;
}

// One test per route: each keeps the suite's hang guard for its own few hundred calls, so the
// file's length on a busy machine (minutes) is never measured against one clock.
describe('hostile input on every route: never a 500, and refusals in Chinese', () => {
  it.each(allRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s',
    async (_name, route) => {
      const attempts = await fuzz(route);
      expect(attempts.length).toBeGreaterThan(0);
      expect(failuresOf(attempts)).toEqual([]);
    },
  );
});
