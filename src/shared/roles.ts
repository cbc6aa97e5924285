/**
 * Who runs the platform (issue 12): an account's role, and which console
 * sections each staff role may use. The server enforces it per route
 * (src/server/api/define.ts); the console shows only these sections.
 *   admin      everything (ads, members, commerce, jobs, audit log included);
 *   editor     content: articles, columns, courses and lessons, lives, notices, the review queue;
 *   moderator  community: the review queue, comments and members.
 */
export const ROLES = ['member', 'admin', 'editor', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_SECTIONS = ['content', 'review', 'community'] as const;
export type StaffSection = (typeof STAFF_SECTIONS)[number];

export const SECTION_ROLES: Readonly<Record<StaffSection, readonly Role[]>> = {
  content: ['admin', 'editor'],
  review: ['admin', 'editor', 'moderator'],
  community: ['admin', 'moderator'],
};

/** mayUse('editor', 'content') → true; mayUse('editor', 'community') → false */
export function mayUse(role: Role | undefined, section: StaffSection | 'admin'): boolean {
  if (!role) return false;
  if (section === 'admin') return role === 'admin';
  return SECTION_ROLES[section].includes(role);
}

export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  member: '会员',
  admin: '管理员',
  editor: '编辑',
  moderator: '审核员',
};
