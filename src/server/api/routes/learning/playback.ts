/**
 * Playback calls of issue 6: live reservation form and reservation, the
 * member-only live stream, exam links, lesson watch tracking, and the short
 * and featured video details with the viewer's own flags. Paid player fields
 * are only ever in member answers, never in a public one; short and featured
 * videos are free (services/catalogue/videos.ts), so their paths are public.
 */
import { requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { MEDIA_MSG } from '../../../../shared/media-messages.ts';
import { randomBytes } from 'node:crypto';
import {
  addWatched,
  examConfig,
  examInfo,
  listExamResults,
  receiveExamResult,
  signParams,
  startWatching,
  verifyExamQuery,
} from '../../../services/learning/index.ts';
import { getLivePlayback, getReserveForm, saveReservation } from '../../../services/live/index.ts';
import {
  examForm,
  newAttemptId,
  refusedPage,
  resultPage,
  score,
} from '../../../providers/exam/fake-exam.ts';
import type { Deps } from '../../../deps.ts';

import { getShortVideoDetail, viewVideo } from '../../../services/videos/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { fail } from '../../errors.ts';

/** Seconds of media time, as the player reports them. */
const seconds = z.coerce.number({ error: MEDIA_MSG.watchRangeInvalid }).min(0).max(86_400);
const optionalSeconds = z.preprocess((v) => (v === '' ? undefined : v), seconds.optional());

export const mediaRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/live_broadcast/fromInfo/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    handler: async ({ input, deps }) => ({ reserveFrom: await getReserveForm(deps, input.id) }),
  }),
  route({
    method: 'post',
    path: '/api/live_broadcast/saveReserve',
    access: 'member',
    message: MEDIA_MSG.reserveSuccess,
    // The form's own fields are checked against the broadcast's form in the service.
    input: z.looseObject({ liveId: requiredId }),
    handler: ({ input, deps, user }) => saveReservation(deps, user!.id, input.liveId, input),
  }),
  route({
    method: 'get',
    path: '/api/live_broadcast/play/:id',
    access: 'member',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, c, user }) {
      c.header('Cache-Control', 'private, no-store');
      return { play: await getLivePlayback(deps, input.id, user!.id) };
    },
  }),
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
  route({
    method: 'post',
    path: '/api/duration/key',
    access: 'member',
    input: z.object({ lessonId: requiredId }),
    handler: ({ input, deps, user }) => startWatching(deps, user!.id, input.lessonId),
  }),
  route({
    method: 'post',
    path: '/api/duration/add',
    access: 'member',
    input: z.object({
      key: z
        .string({ error: MEDIA_MSG.watchKeyInvalid })
        .min(10, MEDIA_MSG.watchKeyInvalid)
        .max(100),
      from: optionalSeconds,
      to: optionalSeconds,
      position: optionalSeconds,
    }),
    handler: ({ input, deps, user }) => addWatched(deps, user!.id, input),
  }),
  route({
    method: 'get',
    path: '/api/shortvideo/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      const videoDetail = await getShortVideoDetail(deps, input.id, user?.id ?? null);
      if (!videoDetail) throw AppError.notFound(MEDIA_MSG.shortVideoNotFound);
      return { videoDetail };
    },
  }),
  route({
    method: 'get',
    path: '/api/video/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      // Each load of the detail is a view (spec 4: the page fetches it on every load).
      const videoDetail = await viewVideo(deps, input.id, user?.id ?? null);
      if (!videoDetail) throw AppError.notFound(MEDIA_MSG.videoNotFound);
      return { videoDetail };
    },
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
      if (!cfg) return c.json(fail(AppError.notFound('接口不存在')), 404);
      if (!verifyExamQuery(input, cfg.secret, deps.clock.now()))
        return c.html(refusedPage('签名无效或已过期，请从芯学堂重新进入练习。'), 403);
      const subject = await examSubject(deps, input.rtype, Number(input.rid));
      if (!subject) return c.html(refusedPage('练习对象不存在。'), 404);
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
      if (!cfg) return c.json(fail(AppError.notFound('接口不存在')), 404);
      const signed: Record<string, string> = {};
      const answers: Record<string, string> = {};
      for (const [k, v] of Object.entries(input)) (/^q\d+$/.test(k) ? answers : signed)[k] = v;
      // The attempt may take a while: the link's signature is checked again with a two-hour window.
      if (!verifyExamQuery(signed, cfg.secret, deps.clock.now(), 7200))
        return c.html(refusedPage('签名无效或已过期，请从芯学堂重新进入练习。'), 403);
      const subject = await examSubject(deps, signed.rtype, Number(signed.rid));
      if (!subject) return c.html(refusedPage('练习对象不存在。'), 404);
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

/** The title an exam is about: the course's or the broadcast's, when its practice is on. */
async function examSubject(
  deps: Pick<Deps, 'db'>,
  rtype: string | undefined,
  rid: number,
): Promise<string | null> {
  if (!Number.isInteger(rid) || rid <= 0) return null;
  const row =
    rtype === 'course'
      ? await deps.db
          .selectFrom('courses')
          .select(['title', 'exam_enabled'])
          .where('id', '=', rid)
          .executeTakeFirst()
      : rtype === 'live'
        ? await deps.db
            .selectFrom('live_broadcasts')
            .select(['title', 'exam_enabled'])
            .where('id', '=', rid)
            .executeTakeFirst()
        : undefined;
  return row?.exam_enabled === 1 ? row.title : null;
}
