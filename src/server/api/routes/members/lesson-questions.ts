/**
 * Q&A on lessons (课时问答, issue 26): read a lesson's questions (whoever may watch it), ask one
 * (a member who may watch it), and, for the course's teacher and staff, answer, pin, mark
 * 已解决 and count the open questions per lesson. Who may do what is decided in the service
 * (services/members/comments/lesson-questions.ts), since a course's teacher may be any member.
 */
import { z } from 'zod';
import { QUESTION_MSG } from '../../../../shared/lesson-questions.ts';
import { MSG } from '../../../../shared/messages.ts';
import { questionContentSchema, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  answerLessonQuestion,
  askLessonQuestion,
  flagLessonQuestion,
  listLessonQuestions,
  openQuestionCounts,
} from '../../../services/members/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { ok } from '../../errors.ts';
import { clientIp } from '../../session-cookie.ts';

const onOff = z
  .enum(['0', '1', 'true', 'false'], { error: MSG.badRequest })
  .transform((v) => v === '1' || v === 'true');

/** POST /api/lesson/question/pin (pinned=1|0) and …/resolve (resolved=1|0). */
function flagRoute(flag: 'pinned' | 'resolved', on: string, off: string): RouteDef {
  return route({
    method: 'post',
    path: `/api/lesson/question/${flag === 'pinned' ? 'pin' : 'resolve'}`,
    access: 'member',
    input: z.object({ id: requiredId, [flag]: onOff }),
    async handler({ input, user, deps, c }) {
      const { id, [flag]: value } = input as { id: number } & Record<typeof flag, boolean>;
      const r = await flagLessonQuestion(deps, user!, id, flag, value);
      return c.json(ok(r, value ? on : off));
    },
  });
}

export const lessonQuestionRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/lesson/questions',
    access: 'public',
    input: pageSchema.extend({ lessonId: requiredId }),
    handler: ({ input, user, deps }) =>
      listLessonQuestions(deps, user, input.lessonId, { page: input.page, size: input.size }),
  }),
  route({
    method: 'post',
    path: '/api/lesson/question/add',
    access: 'member',
    input: z.object({ lessonId: requiredId, content: questionContentSchema }),
    message: QUESTION_MSG.asked,
    handler: ({ input, user, deps, c }) =>
      askLessonQuestion(deps, user!, input.lessonId, input.content, clientIp(c)),
  }),
  route({
    method: 'post',
    path: '/api/lesson/question/answer',
    access: 'member',
    input: z.object({ id: requiredId, reply: z.string({ error: QUESTION_MSG.replyEmpty }) }),
    message: QUESTION_MSG.answered,
    handler: ({ input, user, deps }) => answerLessonQuestion(deps, user!, input.id, input.reply),
  }),
  flagRoute('pinned', QUESTION_MSG.pinned, QUESTION_MSG.unpinned),
  flagRoute('resolved', QUESTION_MSG.resolved, QUESTION_MSG.reopened),
  route({
    method: 'get',
    path: '/api/course/questions/open',
    access: 'member',
    input: z.object({ courseId: requiredId }),
    handler: ({ input, user, deps }) => openQuestionCounts(deps, user!, input.courseId),
  }),
];
