/**
 * Reads a request's input as one plain object: path params, query, and the
 * body (form-encoded, multipart or JSON by content type, spec 7).
 */
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

export async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
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
