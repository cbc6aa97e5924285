/**
 * A member's side of a kit challenge (issue 28), hydrated when the browser is idle: the
 * countdown to the deadline (from the clock of the browser, so the cached page needs none),
 * 报名 while sign-up is open, and the write-up form (title, text, video link, code link) with
 * its state: 待审核, 已通过, or 未通过 with staff's reason, resubmittable until accepted. The
 * limits are the server's (shared/challenges.ts), checked here first. A visitor gets a login
 * button; the page's HTML holds nothing of any member.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import { hasLogin } from '../../client/presence.ts';
import { toast } from '../../client/toast.ts';
import {
  CHALLENGE_MSG,
  SUBMISSION_LABEL,
  WRITEUP_LIMITS,
  isWorkUrl,
} from '../../shared/challenges.ts';
import type { ChallengeMemberState } from '../../server/services/learning/index.ts';
import './learning.css';

interface Props {
  challengeId: number;
  signupStart: string;
  signupEnd: string;
  deadline: string;
}

/** The write-up's two links and their labels. */
const LINKS = [
  ['videoUrl', '视频链接'],
  ['codeUrl', '代码链接'],
] as const;

/** '3 天 4 小时 5 分' until `to`, or null once it has passed. */
function left(to: string, now: number): string | null {
  const ms = Date.parse(to) - now;
  if (ms <= 0) return null;
  const m = Math.floor(ms / 60_000);
  return `${Math.floor(m / 1440)} 天 ${Math.floor((m % 1440) / 60)} 小时 ${m % 60} 分`;
}

/** The first rule the write-up breaks, as the server words it, or null. */
function check(w: Record<'title' | 'body' | 'videoUrl' | 'codeUrl', string>): string | null {
  const title = w.title.trim();
  const body = w.body.trim();
  if (!title || title.length > WRITEUP_LIMITS.title) return CHALLENGE_MSG.title;
  if (body.length < WRITEUP_LIMITS.minBody || body.length > WRITEUP_LIMITS.body)
    return CHALLENGE_MSG.body;
  if (!isWorkUrl(w.videoUrl.trim())) return CHALLENGE_MSG.videoUrl;
  if (!isWorkUrl(w.codeUrl.trim())) return CHALLENGE_MSG.codeUrl;
  return null;
}

export default function ChallengeMember({ challengeId, signupStart, signupEnd, deadline }: Props) {
  // Null on the server: the cached HTML holds no countdown, the browser's clock makes it.
  const [now, setNow] = useState<number | null>(null);
  const [logged, setLogged] = useState(false);
  const [state, setState] = useState<ChallengeMemberState | null>(null);
  const [work, setWork] = useState({ title: '', body: '', videoUrl: '', codeUrl: '' });
  const [error, setError] = useState('');

  const take = (s: ChallengeMemberState) => {
    setState(s);
    if (s.submission) {
      const { title, body, videoUrl, codeUrl } = s.submission;
      setWork({ title, body, videoUrl, codeUrl });
    }
  };

  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 30_000);
    if (hasLogin()) {
      setLogged(true);
      void api<ChallengeMemberState>('get', 'challenge/state', {
        searchParams: { challengeId: String(challengeId) },
      }).then((r) => {
        if (r.code === 200) take(r.data);
      });
    }
    return () => clearInterval(t);
  }, [challengeId]);

  const send = async (path: string, form: Record<string, string>) => {
    const r = await api<ChallengeMemberState>('post', path, { form });
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 200) take(r.data);
    else setError(r.message);
  };
  const join = () => send('challenge/join', { challengeId: String(challengeId) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = check(work);
    setError(bad ?? '');
    if (bad) return;
    void send('challenge/submit', { challengeId: String(challengeId), ...work });
  };

  if (now === null) return <section className="challenge-member" aria-busy="true" />;
  const at = new Date(now).toISOString();
  const signupOpen = at >= signupStart && at < signupEnd;
  const countdown = left(deadline, now);
  const s = state?.submission;
  const editable = !!state?.joined && !!countdown && s?.state !== 'accepted';

  return (
    <section className="challenge-member" aria-label="报名与提交">
      <p className="challenge-countdown" data-countdown>
        {countdown ? `距提交截止还有 ${countdown}` : '作品提交已截止'}
      </p>
      {!logged ? (
        <p>
          <button type="button" className="btn" data-login>
            登录后报名
          </button>
        </p>
      ) : !state ? (
        <p aria-busy="true" />
      ) : !state.joined ? (
        <p>
          {signupOpen ? (
            <button type="button" className="btn" onClick={() => void join()}>
              报名参加
            </button>
          ) : (
            <span className="muted">
              {at < signupStart ? CHALLENGE_MSG.notOpen : CHALLENGE_MSG.closed}
            </span>
          )}
        </p>
      ) : (
        <>
          <p data-joined>
            已报名
            {s && (
              <>
                {' · 作品状态：'}
                <strong data-state={s.state}>{SUBMISSION_LABEL[s.state]}</strong>
              </>
            )}
          </p>
          {s?.state === 'refused' && (
            <p className="challenge-reason" data-reason>
              未通过原因：{s.reason}
            </p>
          )}
          {editable && (
            <form className="challenge-form" onSubmit={submit} aria-label="提交作品" noValidate>
              <label>
                作品标题
                <input
                  value={work.title}
                  maxLength={WRITEUP_LIMITS.title}
                  onChange={(e) => setWork({ ...work, title: e.target.value })}
                />
              </label>
              <label>
                作品正文（空一行分段）
                <textarea
                  rows={8}
                  value={work.body}
                  maxLength={WRITEUP_LIMITS.body}
                  onChange={(e) => setWork({ ...work, body: e.target.value })}
                />
              </label>
              {LINKS.map(([field, label]) => (
                <label key={field}>
                  {label}
                  <input
                    type="url"
                    value={work[field]}
                    placeholder="https://"
                    onChange={(e) => setWork({ ...work, [field]: e.target.value })}
                  />
                </label>
              ))}
              {error && (
                <p className="challenge-error" role="alert">
                  {error}
                </p>
              )}
              <button type="submit" className="btn">
                {s ? '重新提交作品' : '提交作品'}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
