/**
 * Demo accounts: one admin, three members, an editor and a moderator, all
 * with the password DEMO_PASSWORD; member 3 registered through member 1's
 * invite code.
 */
import type { Role } from '../../../shared/roles.ts';
import { hashPassword } from '../../services/accounts/index.ts';
import { DEFAULT_AREA_NUM } from '../../../shared/constants.ts';
import type { JOB_ROLES, PRODUCT_TYPES } from '../../../shared/forms/options.ts';
import {
  insertReturningIds,
  insertRows,
  mulberry32,
  shift,
  type Row,
  type SeedContext,
} from './util.ts';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Demo@2026';

export interface SeededUsers {
  adminId: number;
  /** Member ids in phone order: 13800138001, …002, …003. */
  memberIds: [number, number, number];
  /** Member display names, same order. */
  memberNames: [string, string, string];
  /** IP 属地 of each member's latest login or post (issue 26), same order. */
  memberRegions: [string, string, string];
}

type JobRole = (typeof JOB_ROLES)[number];
type ProductType = (typeof PRODUCT_TYPES)[number];

interface DemoUser {
  mobile: string;
  name: string;
  loginName: string;
  email: string | null;
  role: Role;
  jobRole: JobRole;
  interests: ProductType[];
  avatar: number;
  registeredDaysAgo: number;
  /** IP 属地 where they last logged in or posted (where their shipping address is, for members). */
  region: string;
}

const ADMIN: DemoUser = {
  mobile: '13800138000',
  name: '陈思远',
  loginName: 'chensiyuan',
  email: 'chensiyuan@xinxuetang.local',
  role: 'admin',
  jobRole: '企业管理者',
  interests: ['工业', '电源'],
  avatar: 4,
  registeredDaysAgo: 180,
  region: '上海',
};

const MEMBERS: [DemoUser, DemoUser, DemoUser] = [
  {
    mobile: '13800138001',
    name: '王志强',
    loginName: 'wangzhiqiang',
    email: 'wangzq@example.com',
    role: 'member',
    jobRole: '硬件工程师',
    interests: ['电源', '工业', '电机控制'],
    avatar: 1,
    registeredDaysAgo: 120,
    region: '北京',
  },
  {
    mobile: '13800138002',
    name: '李晓雯',
    loginName: 'lixiaowen',
    email: null,
    role: 'member',
    jobRole: '嵌入式软件工程师',
    interests: ['无线', '传感', '创客'],
    avatar: 2,
    registeredDaysAgo: 75,
    region: '广东',
  },
  {
    mobile: '13800138003',
    name: '张浩然',
    loginName: 'zhanghaoran',
    email: 'haoran.zhang@example.edu.cn',
    role: 'member',
    jobRole: '学生',
    interests: ['创客', '机器人', '计算'],
    avatar: 3,
    registeredDaysAgo: 21,
    region: '江苏',
  },
];

/** Console staff (issue 12): content and community. */
const STAFF: [DemoUser, DemoUser] = [
  {
    mobile: '13800138004',
    name: '林雨桐',
    loginName: 'linyutong',
    email: 'linyutong@xinxuetang.local',
    role: 'editor',
    jobRole: '技术支持/FAE',
    interests: ['电源', '计算'],
    avatar: 1,
    registeredDaysAgo: 150,
    region: '上海',
  },
  {
    mobile: '13800138005',
    name: '周明轩',
    loginName: 'zhoumingxuan',
    email: 'zhoumingxuan@xinxuetang.local',
    role: 'moderator',
    jobRole: '市场与销售',
    interests: ['创客', '通信'],
    avatar: 2,
    registeredDaysAgo: 140,
    region: '上海',
  },
];

/**
 * A course teacher's own account (issue 26): 刘建国, who answers the questions on his STM32
 * lessons; a member, not staff (the console is not his).
 */
const TEACHER: DemoUser = {
  mobile: '13800138006',
  name: '刘建国',
  loginName: 'liujianguo',
  email: 'liujianguo@example.com',
  role: 'member',
  jobRole: '研发经理',
  interests: ['计算', '传感'],
  avatar: 3,
  registeredDaysAgo: 200,
  region: '北京',
};

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The invite code of a phone number: 8 characters, uppercase, no 0/O/1/I,
 * the same on every run. inviteCodeFor('13800138001') → e.g. 'K7QM2XHP'.
 */
export function inviteCodeFor(mobile: string): string {
  let h = 0x811c9dc5;
  for (const ch of `xxt-invite:${mobile}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const rand = mulberry32(h);
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[Math.floor(rand() * CODE_ALPHABET.length)];
  return code;
}

function toRow(u: DemoUser, hash: string, now: Date, invitedBy: number | null): Row<'users'> {
  const at = shift(now, { days: -u.registeredDaysAgo, hours: 3 });
  return {
    mobile: u.mobile,
    area_num: DEFAULT_AREA_NUM,
    password_hash: hash,
    name: u.name,
    login_name: u.loginName,
    photo: `/avatars/avatar-${u.avatar}.svg`,
    email: u.email,
    job_role: u.jobRole,
    product_interests: JSON.stringify(u.interests),
    role: u.role,
    invite_code: inviteCodeFor(u.mobile),
    invited_by: invitedBy,
    ip_region: u.region,
    created_at: at,
    updated_at: at,
  };
}

/** Password hashes for admin + members, computed before the transaction opens (scrypt is slow on purpose). */
export async function hashDemoPasswords(): Promise<string[]> {
  return Promise.all([ADMIN, ...MEMBERS, ...STAFF, TEACHER].map(() => hashPassword(DEMO_PASSWORD)));
}

export async function seedUsers(ctx: SeedContext, hashes: string[]): Promise<SeededUsers> {
  const [adminHash, h1, h2, h3, hEditor, hModerator, hTeacher] = hashes;
  if (!adminHash || !h1 || !h2 || !h3 || !hEditor || !hModerator || !hTeacher)
    throw new Error('seed: seven password hashes expected');
  const [m1, m2, m3] = MEMBERS;
  const [adminId, id1, id2] = await insertReturningIds(ctx, 'users', 'mobile', [
    toRow(ADMIN, adminHash, ctx.now, null),
    toRow(m1, h1, ctx.now, null),
    toRow(m2, h2, ctx.now, null),
  ]);
  if (adminId === undefined || id1 === undefined || id2 === undefined)
    throw new Error('seed: users not inserted');
  // Member 3 signed up with member 1's invite link (/regeister?code=…).
  const [id3] = await insertReturningIds(ctx, 'users', 'mobile', [toRow(m3, h3, ctx.now, id1)]);
  if (id3 === undefined) throw new Error('seed: member 3 not inserted');
  await insertRows(ctx, 'invites', [
    {
      inviter_id: id1,
      invitee_id: id3,
      code: inviteCodeFor(m1.mobile),
      created_at: shift(ctx.now, { days: -m3.registeredDaysAgo, hours: 3 }),
    },
  ]);
  // Staff last, so member ids stay as they were.
  await insertRows(ctx, 'users', [
    toRow(STAFF[0], hEditor, ctx.now, null),
    toRow(STAFF[1], hModerator, ctx.now, null),
    toRow(TEACHER, hTeacher, ctx.now, null),
  ]);
  return {
    adminId,
    memberIds: [id1, id2, id3],
    memberNames: [m1.name, m2.name, m3.name],
    memberRegions: [m1.region, m2.region, m3.region],
  };
}
