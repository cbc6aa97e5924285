/**
 * 课时问答 under the lesson player (issue 26), loaded on demand by LessonPlayer for the lesson
 * it has chosen. Whoever may watch the lesson reads its questions (pinned first, then the
 * newest) with the teacher's answers; a member asks one. The course's teacher and staff answer,
 * pin and mark 已解决 here, and the course outline shows them each lesson's open questions. A
 * lesson the viewer may not watch shows nothing here (the player says why).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { formatDateTime, formatIpRegion } from '../../shared/format.ts';
import {
  QUESTION_LIMITS,
  QUESTION_MSG,
  checkQuestion,
  checkReply,
} from '../../shared/lesson-questions.ts';
import { LIMITS } from '../../shared/constants.ts';
import { askLogin, hasMember } from '../members/session.ts';
import '../members/members.css';
import type {
  LessonQuestionPage,
  LessonQuestionView,
} from '../../server/services/members/index.ts';

const HELD = '提问已提交，审核通过后所有人可见';

/** Marks each outline row with its lesson's open questions (teacher and staff only). */
function markOutline(courseId: number) {
  void api<Record<number, number>>('get', 'course/questions/open', {
    searchParams: { courseId: String(courseId) },
  }).then((r) => {
    if (r.code !== 200) return;
    for (const el of document.querySelectorAll<HTMLElement>('[data-play-lesson]')) {
      const row = el.closest('li');
      if (!row) continue;
      row.querySelector('.open-questions')?.remove();
      const n = r.data[Number(el.dataset.playLesson)] ?? 0;
      if (n === 0) continue;
      const badge = document.createElement('span');
      badge.className = 'open-questions';
      badge.textContent = `${n} 个待解决提问`;
      el.after(badge);
    }
  });
}

function Answer({ q, onDone }: { q: LessonQuestionView; onDone: () => void }) {
  const [text, setText] = useState(q.reply?.content ?? '');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkReply(text);
    if (problem) return toast(problem, 'warning');
    setBusy(true);
    const r = await api('post', 'lesson/question/answer', {
      form: { id: String(q.id), reply: text },
    });
    setBusy(false);
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 200) onDone();
  }
  return (
    <form className="answer-form" onSubmit={submit}>
      <textarea
        aria-label={`回答：${q.content.slice(0, 20)}`}
        rows={2}
        maxLength={QUESTION_LIMITS.replyMax}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn" disabled={busy}>
        提交回答
      </button>
    </form>
  );
}

export default function LessonQuestions({
  lessonId,
  courseId,
}: {
  lessonId: number;
  courseId: number;
}) {
  const [member] = useState(hasMember);
  const [data, setData] = useState<LessonQuestionPage | null>(null);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [answering, setAnswering] = useState<number | null>(null);

  const load = useCallback(
    async (p: number) => {
      const r = await api<LessonQuestionPage>('get', 'lesson/questions', {
        searchParams: {
          lessonId: String(lessonId),
          page: String(p),
          size: String(QUESTION_LIMITS.pageSize),
        },
      });
      if (r.code !== 200) return setData(null);
      setData((old) =>
        p === 1 || !old ? r.data : { ...r.data, list: [...old.list, ...r.data.list] },
      );
      setPage(p);
      if (r.data.canAnswer) markOutline(courseId);
    },
    [lessonId, courseId],
  );

  useEffect(() => {
    setData(null);
    setAnswering(null);
    void load(1);
  }, [load]);

  async function ask(e: FormEvent) {
    e.preventDefault();
    if (!member) return askLogin();
    if (busy) return;
    const problem = checkQuestion(text);
    if (problem) return toast(problem, 'warning');
    setBusy(true);
    const r = await api<LessonQuestionView>('post', 'lesson/question/add', {
      form: { lessonId: String(lessonId), content: text },
    });
    setBusy(false);
    if (r.code !== 200) return toast(r.message, 'error');
    toast(r.data.held ? HELD : QUESTION_MSG.asked, 'success');
    setText('');
    await load(1);
  }

  async function flag(q: LessonQuestionView, kind: 'pin' | 'resolve') {
    const form: Record<string, string> =
      kind === 'pin'
        ? { id: String(q.id), pinned: q.pinned ? '0' : '1' }
        : { id: String(q.id), resolved: q.resolved ? '0' : '1' };
    const r = await api('post', `lesson/question/${kind}`, { form });
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 200) await load(1);
  }

  if (!data) return null;
  return (
    <section className="comments lesson-questions" aria-label={QUESTION_MSG.heading}>
      <h2>
        {QUESTION_MSG.heading}{' '}
        <span className="muted" data-testid="question-count">
          ({data.count}，{data.open} 个待解决)
        </span>
      </h2>
      <form onSubmit={ask}>
        <textarea
          aria-label="提问内容"
          rows={2}
          maxLength={LIMITS.commentMax}
          placeholder={member ? '对本课时有疑问？向讲师提问' : '登录后向讲师提问'}
          value={text}
          readOnly={!member}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="row">
          <span className="muted">
            {[...text].length}/{LIMITS.commentMax}
          </span>
          <button type="submit" className="btn" disabled={busy}>
            提问
          </button>
        </div>
      </form>
      {data.list.length === 0 && <p className="muted">还没有人提问</p>}
      <ul className="list">
        {data.list.map((q) => (
          <li key={q.id} data-question={q.id}>
            <div className="muted">
              {q.pinned && <span className="tag">置顶</span>}
              {q.resolved && <span className="tag tag-done">已解决</span>}
              {q.userName} · {formatDateTime(q.createdAt)}
              {q.ipRegion && ` · ${formatIpRegion(q.ipRegion)}`}
              {q.held && <span className="held"> · 审核中，仅自己可见</span>}
            </div>
            <p className="body">{q.content}</p>
            {q.reply && (
              <blockquote className="reply">
                <strong>{q.reply.byTeacher ? '讲师回复' : '官方回复'}</strong>（{q.reply.userName}
                ）：
                {q.reply.content}
              </blockquote>
            )}
            {data.canAnswer && (
              <div className="row question-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-expanded={answering === q.id}
                  onClick={() => setAnswering(answering === q.id ? null : q.id)}
                >
                  {q.reply ? '修改回答' : '回答'}
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => void flag(q, 'pin')}>
                  {q.pinned ? '取消置顶' : '置顶'}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => void flag(q, 'resolve')}
                >
                  {q.resolved ? '改为未解决' : '标记已解决'}
                </button>
              </div>
            )}
            {answering === q.id && (
              <Answer
                q={q}
                onDone={() => {
                  setAnswering(null);
                  void load(1);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {data.list.length < data.count && (
        <button type="button" className="btn btn-ghost" onClick={() => void load(page + 1)}>
          加载更多
        </button>
      )}
    </section>
  );
}
