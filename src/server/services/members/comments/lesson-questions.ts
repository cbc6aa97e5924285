/**
 * Q&A on lessons (课时问答, issue 26). A question is a comment on the lesson (target_type
 * 'lesson'), asked by a member who may watch it (commerce gating, as the player decides) under
 * the comment rules: the word list holds it for review, a ban refuses it, the comment flood
 * limit counts it, the poster's IP 属地 is kept. Whoever may watch the lesson reads its
 * questions; a locked lesson's questions are as locked as its video.
 *
 * The course's teacher (courses.teacher_user_id, set in 课程管理) and staff (every console
 * role) answer a question (one 作者回复, which they may change; the asker is told once in
 * 我的消息), pin it and mark it 已解决, and see how many open questions each lesson has. Pinned
 * questions come first, then the newest. None of it is in a cached page: the lesson player's
 * island fetches it.
 */
import { sql } from 'kysely';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { fmt } from '../../../../shared/messages.ts';
import { QUESTION_MSG, checkQuestion, checkReply } from '../../../../shared/lesson-questions.ts';
import { lessonNoteUrl } from '../../../../shared/member-notes.ts';
import { mayUse, type Role } from '../../../../shared/roles.ts';
import { canWatch, hasEntitlement } from '../../commerce/index.ts';
import { LEARNING_MSG } from '../../learning/index.ts';
import { noteMemberRegion } from '../../accounts/index.ts';
import { escapeHtml, ipRegion, listPage, type Paged, type PageInput } from '../../lib/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';
import { cleanComment, consumeCommentFlood, shownTo, type CommentView } from './comments.ts';
import { checkNotBanned, matchesWordList } from '../manage-moderation.ts';
import { claimMessage } from '../personal-notices.ts';

type D = Pick<Deps, 'db' | 'clock' | 'cache'>;

/** Who asks: a signed-in user's id and role, or null for a visitor. */
export interface QuestionViewer {
  id: number;
  role: Role;
}

/** A question as the lesson's Q&A shows it: a comment, with its answer and flags. */
export interface LessonQuestionView extends Omit<CommentView, 'held'> {
  /** Held for review: only its asker sees it until a moderator approves it. */
  held: boolean;
  pinned: boolean;
  resolved: boolean;
  /** The teacher's or staff's answer. */
  reply: { content: string; userName: string; byTeacher: boolean; repliedAt: string } | null;
}

/** One page of a lesson's questions, with what the viewer may do. */
export interface LessonQuestionPage extends Paged<LessonQuestionView> {
  /** The viewer is the course's teacher or staff: answer, pin, 已解决. */
  canAnswer: boolean;
  /** The lesson's visible questions not yet marked 已解决. */
  open: number;
}

interface LessonFacts {
  lessonId: number;
  lessonTitle: string;
  courseId: number;
  teacherId: number | null;
}

/** The teacher or staff (every console role) of a course. */
function answers(viewer: QuestionViewer | null, teacherId: number | null): boolean {
  if (!viewer) return false;
  return mayUse(viewer.role, 'review') || (teacherId !== null && viewer.id === teacherId);
}

/** A published lesson the viewer may watch (or answers for); throws the player's refusal. */
async function openLesson(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: QuestionViewer | null,
  lessonId: number,
): Promise<LessonFacts> {
  const row = await deps.db
    .selectFrom('lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select([
      'l.id',
      'l.title',
      'l.free_preview',
      'c.id as course_id',
      'c.price_cents',
      'c.teacher_user_id',
    ])
    .where('l.id', '=', lessonId)
    .where('c.published', '=', 1)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(LEARNING_MSG.lessonNotFound);
  const facts = {
    lessonId: row.id,
    lessonTitle: row.title,
    courseId: row.course_id,
    teacherId: row.teacher_user_id,
  };
  if (answers(viewer, facts.teacherId)) return facts;
  const open =
    canWatch(
      { priceCents: row.price_cents, freePreview: row.free_preview === 1 },
      { memberId: viewer?.id ?? null, entitled: false },
    ) ||
    (viewer !== null && (await hasEntitlement(deps, viewer.id, row.course_id)));
  if (!open) throw AppError.forbidden(LEARNING_MSG.lessonLocked);
  return facts;
}

/** The questions of a lesson: pinned first, then the newest. */
export async function listLessonQuestions(
  deps: D,
  viewer: QuestionViewer | null,
  lessonId: number,
  page: PageInput,
): Promise<LessonQuestionPage> {
  const lesson = await openLesson(deps, viewer, lessonId);
  const visible = deps.db
    .selectFrom('comments as m')
    .where('m.target_type', '=', 'lesson')
    .where('m.target_id', '=', lessonId);
  const base = visible.where(shownTo(viewer?.id ?? null));
  const [list, open] = await Promise.all([
    listPage(
      base
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .leftJoin('users as r', 'r.id', 'm.reply_user_id'),
      (q) =>
        q
          .select([
            'm.id',
            'm.content',
            'm.created_at',
            'm.user_id',
            'm.status',
            'm.ip_region',
            'm.pinned',
            'm.resolved',
            'm.reply',
            'm.reply_user_id',
            'm.replied_at',
            'u.name',
            'u.photo',
            'r.name as reply_name',
          ])
          .orderBy('m.pinned', 'desc')
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc'),
      (r): LessonQuestionView => ({
        id: r.id,
        content: r.content,
        createdAt: r.created_at,
        userName: r.name,
        userPhoto: r.photo,
        ipRegion: r.ip_region,
        mine: r.user_id === viewer?.id,
        held: r.status === 'held',
        pinned: r.pinned === 1,
        resolved: r.resolved === 1,
        reply:
          r.reply === null
            ? null
            : {
                content: r.reply,
                userName: r.reply_name ?? '',
                byTeacher: r.reply_user_id !== null && r.reply_user_id === lesson.teacherId,
                repliedAt: r.replied_at ?? '',
              },
      }),
      page,
    ),
    visible
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('m.status', '=', 'visible')
      .where('m.resolved', '=', 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { ...list, canAnswer: answers(viewer, lesson.teacherId), open: Number(open.n) };
}

/** A member's question on a lesson they may watch; `ip` is kept only as its region. */
export async function askLessonQuestion(
  deps: D,
  asker: QuestionViewer,
  lessonId: number,
  raw: string,
  ip: string,
): Promise<LessonQuestionView> {
  const content = cleanComment(raw, checkQuestion);
  await openLesson(deps, asker, lessonId);
  await checkNotBanned(deps, asker.id);
  await consumeCommentFlood(deps, asker.id);
  const held = await matchesWordList(deps.db, content);
  const region = ipRegion(ip);
  const createdAt = iso(deps.clock.now());
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('comments')
      .values({
        target_type: 'lesson',
        target_id: lessonId,
        user_id: asker.id,
        content,
        status: held ? 'held' : 'visible',
        created_at: createdAt,
        ip_region: region,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await noteMemberRegion(trx, asker.id, region);
    return trx
      .selectFrom('users')
      .select(['name', 'photo'])
      .where('id', '=', asker.id)
      .executeTakeFirstOrThrow()
      .then((u) => ({ ...u, id: inserted.id }));
  });
  return {
    id: row.id,
    content,
    createdAt,
    userName: row.name,
    userPhoto: row.photo,
    ipRegion: region,
    mine: true,
    held,
    pinned: false,
    resolved: false,
    reply: null,
  };
}

/** A question with its lesson, for the teacher's or staff's actions; throws unless `by` answers. */
async function questionFor(deps: D, by: QuestionViewer, id: number) {
  const q = await deps.db
    .selectFrom('comments as m')
    .innerJoin('lessons as l', 'l.id', 'm.target_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select([
      'm.id',
      'm.user_id',
      'm.content',
      'l.id as lesson_id',
      'l.title as lesson_title',
      'l.course_id',
      'c.teacher_user_id',
    ])
    .where('m.id', '=', id)
    .where('m.target_type', '=', 'lesson')
    .executeTakeFirst();
  if (!q) throw AppError.notFound(QUESTION_MSG.notFound);
  if (!answers(by, q.teacher_user_id)) throw AppError.forbidden(QUESTION_MSG.notTeacher);
  return q;
}

const clip = (text: string, max: number) =>
  [...text].length > max ? `${[...text].slice(0, max).join('')}…` : text;

/**
 * The teacher's or staff's answer (replacing an earlier one). The asker hears of the first answer
 * in 我的消息, once (keyed in message_log, in the same transaction as the answer).
 */
export async function answerLessonQuestion(
  deps: D,
  by: QuestionViewer,
  id: number,
  raw: string,
): Promise<{ id: number }> {
  const problem = checkReply(raw);
  if (problem) throw AppError.badRequest(problem);
  const reply = raw.trim();
  const q = await questionFor(deps, by, id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx: Database) => {
    await trx
      .updateTable('comments')
      .set({ reply, reply_user_id: by.id, replied_at: iso(now) })
      .where('id', '=', id)
      .execute();
    if (q.user_id === by.id) return;
    if (!(await claimMessage(trx, `lesson-answer:${id}`, q.user_id, 'inbox', now))) return;
    const who = await trx
      .selectFrom('users')
      .select('name')
      .where('id', '=', by.id)
      .executeTakeFirstOrThrow();
    const byTeacher = q.teacher_user_id === by.id;
    await insertPersonalNotice(
      trx,
      {
        userId: q.user_id,
        category: QUESTION_MSG.noticeCategory,
        title: fmt(QUESTION_MSG.noticeTitle, { lesson: q.lesson_title }),
        html: `<p>${escapeHtml(
          fmt(QUESTION_MSG.noticeBody, {
            who: byTeacher ? `讲师 ${who.name}` : who.name,
            question: clip(q.content, 40),
            reply: clip(reply, 200),
          }),
        )}</p><p><a href="${lessonNoteUrl(q.course_id, q.lesson_id, 0)}">${QUESTION_MSG.noticeLink}</a></p>`,
      },
      now,
    );
  });
  return { id };
}

/** Pins or unpins a question, or marks it 已解决 or open again. */
export async function flagLessonQuestion(
  deps: D,
  by: QuestionViewer,
  id: number,
  flag: 'pinned' | 'resolved',
  on: boolean,
): Promise<{ id: number; pinned?: boolean; resolved?: boolean }> {
  await questionFor(deps, by, id);
  await deps.db
    .updateTable('comments')
    .set(flag === 'pinned' ? { pinned: on ? 1 : 0 } : { resolved: on ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  return { id, [flag]: on };
}

/**
 * For the teacher and staff on the course page: each lesson's visible questions not yet
 * 已解决, by lesson id (lessons without any are left out).
 */
export async function openQuestionCounts(
  deps: D,
  by: QuestionViewer,
  courseId: number,
): Promise<Record<number, number>> {
  const course = await deps.db
    .selectFrom('courses')
    .select('teacher_user_id')
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw AppError.notFound();
  if (!answers(by, course.teacher_user_id)) throw AppError.forbidden(QUESTION_MSG.notTeacher);
  const rows = await deps.db
    .selectFrom('comments as m')
    .innerJoin('lessons as l', 'l.id', 'm.target_id')
    .select(['l.id', sql<number | string>`count(*)`.as('n')])
    .where('m.target_type', '=', 'lesson')
    .where('l.course_id', '=', courseId)
    .where('m.status', '=', 'visible')
    .where('m.resolved', '=', 0)
    .groupBy('l.id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
}
