/**
 * Route declarations. Every route states its access (public, member, owner,
 * admin); one without it refuses to register, so access fails closed.
 * A handler is thin: parsed input → service → envelope.
 */
import { MSG } from '../../shared/messages.ts';
import { normalizePhone } from '../../shared/phone.ts';
import '../../shared/zod-locale.ts';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import type { SessionUser } from '../services/accounts/index.ts';
import { AppError } from '../errors.ts';
import { ok } from './errors.ts';
import { readInput } from './input.ts';
import { auditRow, recordAudit, type AuditTarget } from '../services/audit/index.ts';
import { clientIp } from './session-cookie.ts';
import { mayUse, type Role, type StaffSection } from '../../shared/roles.ts';
import type { AppEnv } from './env.ts';

/**
 * public: anyone. member: a logged-in member. owner: a logged-in member, and
 * the service checks the item is theirs. staff:<section>: a logged-in member
 * whose role may use that console section (src/shared/roles.ts: content →
 * admin, editor; review → admin, editor, moderator; community → admin,
 * moderator). admin: a logged-in admin.
 */
export type Access =
  'public' | 'member' | 'owner' | 'staff:content' | 'staff:review' | 'staff:community' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'member',
  'owner',
  'staff:content',
  'staff:review',
  'staff:community',
  'admin',
];

/** Whether a signed-in user's role admits a route's access. */
export function admits(access: Access, role: Role | undefined): boolean {
  if (access === 'admin') return role === 'admin';
  if (access.startsWith('staff:')) return mayUse(role, access.slice(6) as StaffSection);
  return true;
}

export interface HandlerContext<I> {
  input: I;
  user: SessionUser | null;
  deps: Deps;
  c: Context<AppEnv>;
}

export interface RouteDef<S extends z.ZodType = z.ZodType> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access;
  /** Validates query, path params and body merged into one object. */
  input?: S;
  /** The envelope message on success; defaults to 成功. */
  message?: string;
  /**
   * A staff route's target, for the audit log's before/after rows: the table
   * and the row's id (from the input, or for a create from the answer).
   */
  audit?: {
    target: AuditTarget;
    id(input: z.infer<S>, answer?: unknown): number | undefined;
    /** For a route naming its target by another key (an order number): the row's id. */
    lookup?(deps: Deps, input: z.infer<S>): Promise<number | undefined>;
  };
  /**
   * The handler reads the body itself (streamed uploads): the input is the query
   * and path params only, and the audit log records the answer as the detail.
   */
  rawBody?: boolean;
  handler(ctx: HandlerContext<z.infer<S>>): unknown;
}

/** Routes whose changes go to the audit log: every staff and admin call but reads. */
function audited(def: RouteDef): boolean {
  return def.method !== 'get' && (def.access === 'admin' || def.access.startsWith('staff:'));
}

/**
 * Every input naming a phone (`mobile` with `areaNum`) carries it in its one
 * stored form (src/shared/phone.ts), so login, registration, SMS limits and
 * uniqueness all see the same number however it was typed.
 */
function withNormalPhone(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = data as { mobile?: unknown; areaNum?: unknown };
  if (typeof d.mobile !== 'string' || typeof d.areaNum !== 'string') return data;
  const phone = normalizePhone({ areaNum: d.areaNum, mobile: d.mobile });
  if (!phone) throw AppError.badRequest(MSG.phoneInvalid);
  return { ...data, ...phone };
}

/** The route's input as sent: query, path params and (unless it reads its own body) the body. */
async function rawInput(c: Context<AppEnv>, def: RouteDef): Promise<unknown> {
  return def.rawBody ? { ...c.req.query(), ...c.req.param() } : await readInput(c);
}

/** The input checked against the route's schema (400 with the first problem). */
function checkedInput(def: RouteDef, raw: unknown): unknown {
  if (!def.input) return raw;
  const parsed = def.input.safeParse(raw);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message);
  return withNormalPhone(parsed.data);
}

/** Declares a route; the generic keeps the handler's input typed by its schema. */
export function route<S extends z.ZodType>(def: RouteDef<S>): RouteDef {
  return def as unknown as RouteDef;
}

/** Registers routes on a Hono app, refusing any without a declared access. */
export function register(app: Hono<AppEnv>, routes: RouteDef[]): void {
  for (const def of routes) {
    if (!ACCESS_LEVELS.includes(def.access)) {
      throw new Error(
        `route ${def.method.toUpperCase()} ${def.path} declares no access (${ACCESS_LEVELS.join(' | ')})`,
      );
    }
    app.on(def.method.toUpperCase(), def.path, async (c) => {
      const user = c.get('user');
      if (def.access !== 'public' && !user) throw AppError.unauthorized();
      if (!admits(def.access, user?.role)) throw AppError.forbidden();
      const deps = c.get('deps');
      // Every staff write is audited, refused or not (issue 24): a refusal with its message.
      if (!audited(def) || !user) {
        const input = checkedInput(def, await rawInput(c, def));
        const data = await def.handler({ input, user, deps, c });
        if (data instanceof Response) return data;
        return c.json(ok(data ?? null, def.message));
      }
      const target = def.audit?.target;
      let raw: unknown;
      let input: unknown;
      let beforeId: number | undefined;
      let before: Record<string, unknown> | null = null;
      let data: unknown;
      try {
        raw = await rawInput(c, def);
        input = checkedInput(def, raw);
        beforeId = def.audit?.id(input) ?? (await def.audit?.lookup?.(deps, input as never));
        before = target ? await auditRow(deps, target, beforeId) : null;
        data = await def.handler({ input, user, deps, c });
      } catch (err) {
        await recordAudit(deps, {
          userId: user.id,
          role: user.role,
          action: def.path,
          target,
          targetId: beforeId,
          input: input ?? raw ?? {},
          before,
          after: target ? await auditRow(deps, target, beforeId).catch(() => null) : null,
          ip: clientIp(c),
          refusal: err instanceof AppError ? err.message : MSG.serverError,
        }).catch(() => undefined);
        throw err;
      }
      const targetId = def.audit?.id(input, data) ?? beforeId;
      await recordAudit(deps, {
        userId: user.id,
        role: user.role,
        action: def.path,
        target,
        targetId,
        input: def.rawBody ? { ...(input as object), answer: data } : input,
        before,
        after: target ? await auditRow(deps, target, targetId) : null,
        ip: clientIp(c),
      });
      if (data instanceof Response) return data;
      return c.json(ok(data ?? null, def.message));
    });
  }
}
