/**
 * Checks inside lessons for staff (console 课内练习, issue 28, section "content"): list a
 * course's checks with their answers, create, replace, delete; every change is audited. The
 * rules a check keeps are the service's (manage-checks.ts), each with its own message.
 */
import { z } from 'zod';
import { CHECK_KINDS, CHECK_LIMITS } from '../../../../shared/lesson-checks.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  CHECK_ADMIN_MSG,
  createCheck,
  deleteCheck,
  listAdminChecks,
  listCheckableLessons,
  updateCheck,
} from '../../../services/learning/index.ts';
import { createdId, inputId, listed, text, withId } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const check = z.object({
  lessonId: requiredId,
  kind: z.enum(CHECK_KINDS, { error: '请选择题型' }),
  prompt: text(500, '题目为1到500个字'),
  options: z.string().max(2000, CHECK_ADMIN_MSG.optionsCount).default(''),
  answer: text(40, '请填写正确答案'),
  unit: z.string().trim().max(10, '单位不能超过10个字').default(''),
  tolerance: z.preprocess(
    blank,
    z.coerce
      .number({ error: '允许误差应为 0 到 50 之间的百分数' })
      .min(0, '允许误差应为 0 到 50 之间的百分数')
      .max(50, '允许误差应为 0 到 50 之间的百分数')
      .default(1),
  ),
  atSeconds: z.preprocess(
    blank,
    whole(0, 86_400, '提问时间应为课时内的秒数').nullable().default(null),
  ),
  maxTries: z.preprocess(
    blank,
    whole(1, CHECK_LIMITS.maxTries, `作答次数应为 1 到 ${CHECK_LIMITS.maxTries} 次`).default(
      CHECK_LIMITS.defaultTries,
    ),
  ),
  explanation: z.string().trim().max(1000, '解析不能超过1000个字').default(''),
  sortOrder: z.preprocess(blank, whole(0, 9999, '排序应为0到9999的整数').default(0)),
});

export const checkManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/check/list',
    access: 'staff:content',
    input: z.object({ courseId: z.preprocess(blank, requiredId.optional()) }),
    handler: async ({ deps, input }) => listed(await listAdminChecks(deps, input.courseId)),
  }),
  route({
    method: 'get',
    path: '/api/admin/check/lessons',
    access: 'staff:content',
    handler: async ({ deps }) => listed(await listCheckableLessons(deps)),
  }),
  route({
    method: 'post',
    path: '/api/admin/check/create',
    access: 'staff:content',
    audit: { target: 'check', id: createdId },
    input: check,
    handler: ({ deps, input }) => createCheck(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/check/update',
    access: 'staff:content',
    audit: { target: 'check', id: inputId },
    input: check.extend({ id: requiredId }),
    handler: ({ deps, input }) => {
      const { id, ...rest } = input;
      return updateCheck(deps, id, rest);
    },
  }),
  route({
    method: 'post',
    path: '/api/admin/check/delete',
    access: 'staff:content',
    audit: { target: 'check', id: inputId },
    input: withId,
    handler: ({ deps, input }) => deleteCheck(deps, input.id),
  }),
];
