/**
 * A member as anyone may see them (个人主页, /member/<id>): the name and photo they chose, the
 * IP 属地 of their latest login or post (《互联网用户账号信息管理规定》 art. 12), and when they
 * joined. Never the phone, e-mail or anything else of the account. Staff accounts and disabled
 * members have no public page.
 */
import type { Deps } from '../../deps.ts';

/** The public projection of a member. */
export interface PublicMember {
  id: number;
  name: string;
  photo: string | null;
  /** IP 属地 (a province, or a country outside mainland China), null before any login or post. */
  ipRegion: string | null;
  joinedAt: string;
}

/** The member's public face, or null for no such member (or a staff account, or disabled). */
export async function publicMember(
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<PublicMember | null> {
  const u = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'photo', 'ip_region', 'created_at'])
    .where('id', '=', id)
    .where('role', '=', 'member')
    .where('disabled', '=', 0)
    .executeTakeFirst();
  return u
    ? { id: u.id, name: u.name, photo: u.photo, ipRegion: u.ip_region, joinedAt: u.created_at }
    : null;
}
