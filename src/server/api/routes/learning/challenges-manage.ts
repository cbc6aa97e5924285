/**
 * 项目挑战 for staff (issue 28): 挑战管理 (content staff: challenges and their tasks) and
 * 作品审核 (review staff, moderators included: 通过 gives the reward once, 不通过 needs a
 * reason). Every write is audited (define.ts).
 */
import { z } from 'zod';
import { CHALLENGE_MSG } from '../../../../shared/challenges.ts';
import { fromBeijingWall } from '../../../../shared/beijing-time.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  approveSubmission,
  createChallenge,
  deleteChallenge,
  listAdminChallenges,
  listSubmissions,
  refuseSubmission,
  updateChallenge,
} from '../../../services/learning/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { crud, inputId, listed, text } from '../../fields.ts';

const MSG = CHALLENGE_MSG.form;

/** A Beijing wall time ('2026-11-01 00:00') or an ISO instant → the ISO instant. */
const time = z.string({ error: MSG.time }).transform((v, ctx) => {
  const at = fromBeijingWall(v) ?? (/^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : NaN);
  if (typeof at === 'string') return at;
  if (Number.isNaN(at)) {
    ctx.addIssue({ code: 'custom', message: MSG.time });
    return z.NEVER;
  }
  return new Date(at).toISOString();
});

const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === 0 || v === '0' ? null : v),
    z.coerce.number({ error: message }).int(message).positive(message).nullable(),
  );

/**
 * The tasks as JSON sends them or as the console types them, one `标题｜说明` line each:
 * '点灯｜用 GPIO 点亮 LED' → [{ title: '点灯', body: '用 GPIO 点亮 LED' }].
 */
function readTasks(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return v
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [title = '', ...body] = line.split(/[｜|]/);
      return { title: title.trim(), body: body.join('｜').trim() };
    });
}

const task = z.object({
  title: text(50, MSG.tasks),
  body: z.string({ error: MSG.tasks }).trim().max(1000, MSG.tasks).default(''),
});

const edit = z.object({
  title: text(50, MSG.title),
  summary: text(2000, MSG.summary, 0),
  kitCourseId: z.coerce.number({ error: MSG.kit }).int(MSG.kit).positive(MSG.kit),
  liveId: optionalId(MSG.live),
  signupStart: time,
  signupEnd: time,
  deadline: time,
  rewardCourseId: optionalId(MSG.rewardCourse),
  rewardDays: z.coerce
    .number({ error: MSG.rewardDays })
    .int(MSG.rewardDays)
    .min(1, MSG.rewardDays)
    .max(365, MSG.rewardDays),
  badgeName: text(20, MSG.badge),
  status: z.enum(['draft', 'published'], { error: MSG.status }),
  tasks: z.preprocess(
    readTasks,
    z.array(task, { error: MSG.tasks }).min(1, MSG.tasks).max(10, MSG.tasks),
  ),
});

const challenge = edit.extend({
  summary: edit.shape.summary.default(''),
  liveId: edit.shape.liveId.default(null),
  rewardCourseId: edit.shape.rewardCourseId.default(null),
  rewardDays: edit.shape.rewardDays.default(90),
  status: edit.shape.status.default('draft'),
});

const submissionState = z.enum(['pending', 'accepted', 'refused']).optional();

export const challengeManageRoutes: RouteDef[] = [
  ...crud({
    kind: 'challenge',
    target: 'challenge',
    schema: challenge,
    updateSchema: edit,
    list: route({
      method: 'get',
      path: '/api/admin/challenge/list',
      access: 'staff:content',
      handler: async ({ deps }) => listed(await listAdminChallenges(deps)),
    }),
    create: createChallenge,
    update: updateChallenge,
    remove: deleteChallenge,
  }),
  route({
    method: 'get',
    path: '/api/admin/challenge/submissions',
    access: 'staff:review',
    input: pageSchema.extend({ state: submissionState }),
    handler: ({ input, deps }) => listSubmissions(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/challenge/approve',
    access: 'staff:review',
    audit: { target: 'submission', id: inputId },
    input: z.object({ id: requiredId }),
    message: CHALLENGE_MSG.approved,
    handler: ({ input, deps, user }) => approveSubmission(deps, user!.id, input.id),
  }),
  route({
    method: 'post',
    path: '/api/admin/challenge/refuse',
    access: 'staff:review',
    audit: { target: 'submission', id: inputId },
    input: z.object({ id: requiredId, reason: text(200, CHALLENGE_MSG.reason) }),
    message: CHALLENGE_MSG.refused,
    handler: ({ input, deps, user }) => refuseSubmission(deps, user!.id, input.id, input.reason),
  }),
];
