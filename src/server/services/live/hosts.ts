/**
 * The host of a broadcast (issue 26): the staff member assigned in 直播管理. Who takes the host's
 * part in its chat (answer, pin, hide) and sees it in 直播问答:
 *   - admins and moderators (the community section), on every broadcast;
 *   - the assigned host, whatever their staff role;
 *   - while no host is assigned, any staff of the review section (editors too).
 * A host who is gone or no longer staff counts as no host (host_id has no foreign key).
 */
import { mayUse, ROLE_NAMES, type Role } from '../../../shared/roles.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { LIVE_MSG } from './messages.ts';

/** The roles a host may have. */
export const HOST_ROLES = ['admin', 'editor', 'moderator'] as const satisfies readonly Role[];

/** Who asks: a signed-in user's id and role. */
export interface Asker {
  id: number;
  role: Role;
}

/** A staff member the console offers as a broadcast's host. */
export interface LiveHostOption {
  id: number;
  name: string;
  /** 管理员, 编辑, 审核员. */
  roleName: string;
}

/** Whether `by` takes the host's part on a broadcast whose (effective) host is `hostId`. */
export function mayHost(by: Asker | null | undefined, hostId: number | null): boolean {
  if (!by) return false;
  if (mayUse(by.role, 'community')) return true;
  if (hostId !== null) return by.id === hostId && mayUse(by.role, 'review');
  return mayUse(by.role, 'review');
}

/** A broadcast's effective host: the assigned user while still staff, else null. */
export async function hostOf(db: Database, liveId: number): Promise<number | null> {
  const row = await db
    .selectFrom('live_broadcasts as l')
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'l.host_id').on('u.role', 'in', [...HOST_ROLES]),
    )
    .select('u.id as host')
    .where('l.id', '=', liveId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(LIVE_MSG.liveNotFound);
  return row.host ?? null;
}

/** Throws 403 unless `by` takes the host's part on broadcast `liveId`. */
export async function requireHost(db: Database, by: Asker, liveId: number): Promise<void> {
  if (!mayHost(by, await hostOf(db, liveId))) throw new AppError(403, LIVE_MSG.notHost);
}

/** The staff members a broadcast may be assigned to, by name. */
export async function listHostOptions(deps: { db: Database }): Promise<LiveHostOption[]> {
  const rows = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'mobile', 'role'])
    .where('role', 'in', [...HOST_ROLES])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name || r.mobile,
    roleName: ROLE_NAMES[r.role as Role],
  }));
}

/** Checks a host chosen in the form: null clears it; anyone else must be staff. */
export async function checkHost(db: Database, hostId: number | null | undefined): Promise<void> {
  if (hostId === undefined || hostId === null) return;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', hostId)
    .where('role', 'in', [...HOST_ROLES])
    .executeTakeFirst();
  if (!row) throw AppError.badRequest(LIVE_MSG.manage.hostNotStaff);
}
