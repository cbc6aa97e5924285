/**
 * Exam calls of issue 6: the signed link to a course's or broadcast's
 * after-class practice, the exam service's signed result callback, the
 * member's results, and the demo-mode development exam service.
 */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import { randomBytes } from 'node:crypto';
import {
  examConfig,
  examInfo,
  examSubject,
  LEARNING_MSG,
  listExamResults,
  receiveExamResult,
  signParams,
  verifyExamQuery,
} from '../../../services/learning/index.ts';
import {
  examForm,
  newAttemptId,
  refusedPage,
  resultPage,
  score,
} from '../../../providers/exam/fake-exam.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { fail } from '../../errors.ts';
import { API_MSG } from '../../messages.ts';

export const examRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/examstar/info',
    access: 'member',
    input: z.object({
      id: requiredId,
      type: z.enum(['course', 'live'], { error: MSG.badRequest }).default('course'),
    }),
    handler: ({ input, deps, user }) => examInfo(deps, user!.id, input.type, input.id),
  }),
  // The exam service reports a submitted attempt (signed; see services/learning/exam-results.ts).
  route({
    method: 'post',
    path: '/api/examstar/callback',
    access: 'public',
    input: z.record(z.string(), z.unknown()),
    async handler({ input, deps }) {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(input)) if (typeof v === 'string') fields[k] = v;
      return receiveExamResult(deps, fields);
    },
  }),
  route({
    method: 'get',
    path: '/api/examstar/results',
    access: 'member',
    input: z.object({
      type: z.enum(['course', 'live'], { error: MSG.badRequest }),
      id: requiredId,
    }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return { list: await listExamResults(deps, user!.id, input) };
    },
  }),
  // The demo-mode development exam service: opens only with a link we signed, as the real one does.
  route({
    method: 'get',
    path: '/api/dev/examstar',
    access: 'public',
    input: z.record(z.string(), z.string()),
    async handler({ input, deps, c }) {
      const cfg = deps.config.mode === 'demo' ? examConfig(deps.config) : null;
      if (!cfg) return c.json(fail(AppError.notFound(API_MSG.unknownPath)), 404);
      if (!verifyExamQuery(input, cfg.secret, deps.clock.now()))
        return c.html(refusedPage(LEARNING_MSG.exam.pageSignInvalid), 403);
      const subject = await examSubject(deps, input.rtype, Number(input.rid));
      if (!subject) return c.html(refusedPage(LEARNING_MSG.exam.pageSubjectMissing), 404);
      return c.html(examForm(subject, input, '/api/dev/examstar/submit'));
    },
  }),
  route({
    method: 'post',
    path: '/api/dev/examstar/submit',
    access: 'public',
    input: z.record(z.string(), z.string()),
    async handler({ input, deps, c }) {
      const cfg = deps.config.mode === 'demo' ? examConfig(deps.config) : null;
      if (!cfg) return c.json(fail(AppError.notFound(API_MSG.unknownPath)), 404);
      const signed: Record<string, string> = {};
      const answers: Record<string, string> = {};
      for (const [k, v] of Object.entries(input)) (/^q\d+$/.test(k) ? answers : signed)[k] = v;
      // The attempt may take a while: the link's signature is checked again with a two-hour window.
      if (!verifyExamQuery(signed, cfg.secret, deps.clock.now(), 7200))
        return c.html(refusedPage(LEARNING_MSG.exam.pageSignInvalid), 403);
      const subject = await examSubject(deps, signed.rtype, Number(signed.rid));
      if (!subject) return c.html(refusedPage(LEARNING_MSG.exam.pageSubjectMissing), 404);
      const result = score(subject, answers);
      const callback: Record<string, string> = {
        uid: signed.uid!,
        rtype: signed.rtype!,
        rid: signed.rid!,
        attempt: newAttemptId(),
        score: String(result.score),
        total: String(result.total),
        passed: result.passed ? '1' : '0',
        ts: String(Math.floor(deps.clock.now().getTime() / 1000)),
        nonce: randomBytes(8).toString('hex'),
      };
      callback.sign = signParams(callback, cfg.secret);
      let delivered = false;
      try {
        const res = await fetch(`${deps.config.siteUrl}/api/examstar/callback`, {
          method: 'POST',
          body: new URLSearchParams(callback),
          signal: AbortSignal.timeout(10_000),
        });
        delivered = ((await res.json()) as { code: number }).code === 200;
      } catch (err) {
        deps.logger.warn('demo exam service: callback failed', { error: String(err) });
      }
      return c.html(resultPage(subject, result.score, result.passed, delivered));
    },
  }),
];
