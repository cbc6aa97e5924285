/**
 * Reads a request's input as one plain object: path params, query, and the
 * body (form-encoded, multipart or JSON by content type, spec 7). Control
 * characters other than tab and line breaks are dropped from every string at
 * this edge (issue 13): no service ever sees a NUL, which PostgreSQL refuses
 * and no member means to send.
 */
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { stripControls } from '../services/lib/index.ts';
import type { AppEnv } from './env.ts';

/** Nesting deeper than this in a JSON body is no input of ours. */
const MAX_DEPTH = 8;

/** The input with control characters removed from every string, however deeply nested. */
export function cleanInput(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripControls(value, { keepTabs: true });
  if (depth > MAX_DEPTH) throw AppError.badRequest();
  if (Array.isArray(value)) return value.map((v) => cleanInput(v, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [stripControls(k), cleanInput(v, depth + 1)]),
    );
  }
  return value;
}

export async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  return cleanInput(await rawInput(c)) as Record<string, unknown>;
}

async function rawInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...c.req.query(), ...c.req.param() };
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return out;
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const text = await c.req.text();
      if (text.trim()) {
        const body: unknown = JSON.parse(text);
        if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(out, body);
        else throw AppError.badRequest();
      }
    } else if (
      type.includes('application/x-www-form-urlencoded') ||
      type.includes('multipart/form-data')
    ) {
      const body = await c.req.parseBody({ all: true });
      Object.assign(out, body);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.badRequest();
  }
  return out;
}
