/**
 * 课内练习 under the lesson player (issue 28), loaded on demand by LessonPlayer for a member.
 * The lesson's checks are listed and answered here at any time; at a check's set second the
 * video pauses and focus moves to the question, and when the lesson ends focus moves to the
 * first check still open. Answers are graded on the server (the right answer is never sent
 * before a check is finished); each outcome is announced in the check's own status line.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { CHECK_LIMITS, CHECK_MSG, readQuantity } from '../../shared/lesson-checks.ts';
import { LEARNING_MSG } from '../../shared/messages/learning.ts';
import type { CheckResult, CheckView } from '../../server/services/learning/index.ts';

interface Props {
  lessonId: number;
  videoRef: RefObject<HTMLVideoElement | null>;
}

const letter = (i: number) => String.fromCharCode(65 + i);

function CheckForm({ check, onDone }: { check: CheckView; onDone: (r: CheckResult) => void }) {
  const [choices, setChoices] = useState<number[]>([]);
  const [value, setValue] = useState('');
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const field = `check-${check.id}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || check.finished) return;
    // The same rules as the server, so a slip is caught before a try is spent.
    if (check.kind === 'numeric') {
      const q = readQuantity(value, check.unit ?? '');
      if ('error' in q) return setNote({ text: q.error, ok: false });
    } else if (choices.length === 0 || (check.kind === 'single' && choices.length !== 1))
      return setNote({
        text: check.kind === 'single' ? CHECK_MSG.chooseOne : CHECK_MSG.chooseSome,
        ok: false,
      });
    setBusy(true);
    const form: Record<string, string> = { checkId: String(check.id) };
    if (check.kind === 'numeric') form.value = value;
    else form.choices = choices.join(',');
    const r = await api<CheckResult>('post', 'lesson/check/answer', { form });
    setBusy(false);
    setNote({ text: r.message, ok: r.code === 200 && r.data.check.correct });
    if (r.code === 200) onDone(r.data);
  }

  const toggle = (i: number, on: boolean) =>
    setChoices((now) =>
      check.kind === 'single' ? [i] : on ? [...now, i] : now.filter((x) => x !== i),
    );

  return (
    <form
      className="check"
      id={field}
      data-check={check.id}
      data-finished={check.finished ? '1' : undefined}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <p className="check-prompt" id={`${field}-prompt`}>
        {check.prompt}
      </p>
      {check.kind === 'numeric' ? (
        <label className="check-value">
          <span className="visually-hidden">答案（单位 {check.unit}）</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={CHECK_LIMITS.answerLength}
            value={value}
            disabled={check.finished}
            aria-describedby={`${field}-prompt`}
            placeholder={`例如 3.3 ${check.unit ?? ''}`}
            onChange={(e) => setValue(e.target.value)}
          />
          <span aria-hidden="true">{check.unit}</span>
        </label>
      ) : (
        <fieldset className="check-options" aria-describedby={`${field}-prompt`}>
          <legend className="visually-hidden">
            {check.kind === 'single' ? '选择一个答案' : '选择所有正确答案'}
          </legend>
          {check.options.map((text, i) => (
            <label key={i}>
              <input
                type={check.kind === 'single' ? 'radio' : 'checkbox'}
                name={field}
                checked={choices.includes(i)}
                disabled={check.finished}
                onChange={(e) => toggle(i, e.target.checked)}
              />
              {letter(i)}. {text}
            </label>
          ))}
        </fieldset>
      )}
      <div className="check-actions">
        <button type="submit" className="btn" disabled={busy || check.finished}>
          提交
        </button>
        <span className="muted">
          已作答 {check.tries}/{check.maxTries} 次
        </span>
      </div>
      <p className={`check-note${note?.ok ? ' ok' : ''}`} role="status">
        {note?.text ??
          (check.correct ? CHECK_MSG.correct : check.finished ? CHECK_MSG.wrongLast : '')}
      </p>
      {check.finished && check.answer && (
        <div className="check-answer">
          <p>
            <strong>正确答案：</strong>
            {check.answer}
          </p>
          {check.explanation && (
            <p>
              <strong>解析：</strong>
              {check.explanation}
            </p>
          )}
        </div>
      )}
    </form>
  );
}

export default function LessonChecks({ lessonId, videoRef }: Props) {
  const [checks, setChecks] = useState<CheckView[]>([]);
  const asked = useRef(new Set<number>());
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    let live = true;
    asked.current = new Set();
    setChecks([]);
    void api<{ list: CheckView[] }>('get', 'lesson/checks', {
      searchParams: { lessonId: String(lessonId) },
    }).then((r) => {
      if (live && r.code === 200) setChecks(r.data.list);
    });
    return () => void (live = false);
  }, [lessonId]);

  // At a check's second the lesson pauses for it; at the end, the first open check is next.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || checks.length === 0) return;
    const ask = (check: CheckView | undefined) => {
      if (!check) return;
      asked.current.add(check.id);
      const form = box.current?.querySelector<HTMLElement>(`[data-check="${check.id}"]`);
      form?.setAttribute('data-asked', '1');
      form?.scrollIntoView({ block: 'nearest' });
      form?.querySelector<HTMLElement>('input:not([disabled])')?.focus({ preventScroll: true });
    };
    const onTime = () => {
      const t = video.currentTime;
      const due = checks.find(
        (c) =>
          c.atSeconds !== null &&
          !c.finished &&
          !asked.current.has(c.id) &&
          t >= c.atSeconds &&
          t < c.atSeconds + 5,
      );
      if (!due) return;
      video.pause();
      ask(due);
    };
    const onEnded = () => ask(checks.find((c) => !c.finished));
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('ended', onEnded);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('ended', onEnded);
    };
  }, [checks, videoRef]);

  if (checks.length === 0) return null;
  const done = (r: CheckResult) => {
    setChecks((now) => now.map((c) => (c.id === r.check.id ? r.check : c)));
    if (r.courseCompleted) toast(LEARNING_MSG.courseCompleted, 'success');
  };
  return (
    <section className="lesson-checks" ref={box} aria-labelledby="lesson-checks-title">
      <h3 id="lesson-checks-title">
        课内练习（{checks.filter((c) => c.finished).length}/{checks.length}）
      </h3>
      {checks.map((c) => (
        <CheckForm key={c.id} check={c} onDone={done} />
      ))}
    </section>
  );
}
