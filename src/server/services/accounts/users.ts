/** Members' own data (spec 3: user info). */
import type { Role } from '../../../shared/roles.ts';
import type { Deps } from '../../deps.ts';

/** The spec's user info: name, photo, id, loginName, email, mobile. */
export interface UserInfo {
  id: number;
  name: string;
  photo: string | null;
  loginName: string | null;
  email: string | null;
  mobile: string;
  areaNum: string;
  jobRole: string | null;
  productInterests: string[];
  role: Role;
  /** IP 属地 of the latest login or post (null until the first after migration 0035). */
  ipRegion: string | null;
}

export async function getUserInfo(
  deps: Pick<Deps, 'db'>,
  userId: number,
): Promise<UserInfo | null> {
  const u = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) return null;
  let interests: string[] = [];
  try {
    const parsed: unknown = JSON.parse(u.product_interests);
    if (Array.isArray(parsed)) interests = parsed.filter((x): x is string => typeof x === 'string');
  } catch {
    interests = [];
  }
  return {
    id: u.id,
    name: u.name,
    photo: u.photo,
    loginName: u.login_name,
    email: u.email,
    mobile: u.mobile,
    areaNum: u.area_num,
    jobRole: u.job_role,
    productInterests: interests,
    role: u.role,
    ipRegion: u.ip_region,
  };
}
