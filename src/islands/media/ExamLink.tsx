/**
 * The after-class practice button (spec 7: /api/examstar/info reads
 * data.url). The signed URL is fetched on click, for the member who clicks,
 * never put in the cached page; when practice is off the member sees the
 * spec's 该资源未开启课后练习.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { loginContextFor, openLogin } from '../../stores/login-dialog.ts';
import { hasLogin } from '../../client/presence.ts';
import type { ExamResultView } from '../../server/services/learning/index.ts';
import type { Listed } from '../../shared/api-shapes.ts';

interface Props {
  id: number;
  type: 'course' | 'live';
  label?: string;
}

type Result = Pick<ExamResultView, 'score' | 'total' | 'passed'>;

export default function ExamLink({ id, type, label = '课后练习' }: Props) {
  const [busy, setBusy] = useState(false);
  // The member's best result so far, reported by the exam service's callback.
  const [best, setBest] = useState<Result | null>(null);
  useEffect(() => {
    if (!hasLogin()) return;
    void api<Listed<ExamResultView>>('get', 'examstar/results', {
      searchParams: { id: String(id), type },
    }).then((res) => {
      if (res.code !== 200 || res.data.list.length === 0) return;
      setBest(res.data.list.reduce((a, b) => (b.score / b.total > a.score / a.total ? b : a)));
    });
  }, [id, type]);
  async function go() {
    if (!hasLogin()) {
      openLogin(loginContextFor(location.pathname));
      return;
    }
    setBusy(true);
    const res = await api<{ url: string }>('get', 'examstar/info', {
      searchParams: { id: String(id), type },
    });
    setBusy(false);
    if (res.code === 200) location.assign(res.data.url);
    else toast(res.message, res.code === -1 ? 'error' : 'warning');
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        onClick={() => void go()}
        data-exam-link
      >
        {label}
      </button>
      {best && (
        <span className="muted" data-exam-best>
          {' '}
          最好成绩 {best.score}/{best.total} 分（{best.passed ? '通过' : '未通过'}）
        </span>
      )}
    </>
  );
}
