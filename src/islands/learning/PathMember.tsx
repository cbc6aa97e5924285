/**
 * A member's side of a learning path (issue 28), hydrated when the browser is idle: the share
 * done (完成 x/y), joining and leaving, the weekly plan (study days and steps per week) with this
 * week's target, and each step's state written into its slot of the cached list (a portal), with
 * 标记完成 for replays, tools and downloads, which leave no record of use. A visitor gets a
 * login button; the page's HTML holds nothing of any member.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { api } from '../../client/api.ts';
import { hasLogin } from '../../client/presence.ts';
import { toast } from '../../client/toast.ts';
import { PLAN_LIMITS, WEEKDAYS } from '../../shared/learning-paths.ts';
import type {
  PathProgress,
  PathStepView,
  StepState,
} from '../../server/services/learning/index.ts';
import './learning.css';

const STATE_LABEL: Record<StepState, string> = {
  todo: '未开始',
  started: '学习中',
  done: '已完成',
};

interface Props {
  pathId: number;
  steps: PathStepView[];
}

export default function PathMember({ pathId, steps }: Props) {
  const [state, setState] = useState<PathProgress | null>(null);
  const [logged, setLogged] = useState(false);
  const [days, setDays] = useState<number[]>([1, 3, 5]);
  const [perWeek, setPerWeek] = useState('3');

  const take = (p: PathProgress) => {
    setState(p);
    if (p.plan) {
      setDays(p.plan.days);
      setPerWeek(String(p.plan.stepsPerWeek));
    }
  };

  useEffect(() => {
    if (!hasLogin()) return;
    setLogged(true);
    void api<PathProgress>('get', 'path/progress', {
      searchParams: { pathId: String(pathId) },
    }).then((r) => {
      if (r.code === 200) take(r.data);
    });
  }, [pathId]);

  const send = async (path: string, form: Record<string, string>) => {
    const r = await api<PathProgress>('post', path, { form });
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 200 && 'steps' in (r.data ?? {})) take(r.data);
    return r.code === 200;
  };
  const join = () => send('path/join', { pathId: String(pathId) });
  const leave = async () => {
    if (await send('path/leave', { pathId: String(pathId) }))
      setState((s) => (s ? { ...s, joined: false, plan: null, week: null } : s));
  };
  const savePlan = (e: FormEvent) => {
    e.preventDefault();
    void send('path/plan', {
      pathId: String(pathId),
      days: days.join(','),
      stepsPerWeek: perWeek,
    });
  };
  const toggleDay = (d: number) =>
    setDays((ds) => (ds.includes(d) ? ds.filter((x) => x !== d) : [...ds, d].sort()));

  if (!logged)
    return (
      <section className="path-member">
        <p>
          <button type="button" className="btn" data-login>
            登录后加入路线
          </button>{' '}
          <span className="muted">登录后可记录每一步的进度并设置每周计划</span>
        </p>
      </section>
    );
  if (!state) return <section className="path-member" aria-busy="true" />;

  return (
    <section className="path-member" aria-label="我的路线进度">
      <p className="path-share" data-share>
        完成 {state.done}/{state.total}（{state.percent}%）
      </p>
      <progress max={state.total} value={state.done} aria-label="路线完成进度" />
      {!state.joined ? (
        <p>
          <button type="button" className="btn" onClick={() => void join()}>
            加入学习路线
          </button>
        </p>
      ) : (
        <>
          {state.week && (
            <p data-week>
              本周目标 {state.week.target} 步，已完成 {state.week.doneThisWeek} 步
            </p>
          )}
          <form className="path-plan" onSubmit={savePlan} aria-label="每周学习计划" noValidate>
            <fieldset>
              <legend>学习日</legend>
              {WEEKDAYS.map((label, i) => (
                <label key={label}>
                  <input
                    type="checkbox"
                    checked={days.includes(i + 1)}
                    onChange={() => toggleDay(i + 1)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            <label>
              每周步数
              <input
                type="number"
                min={PLAN_LIMITS.minSteps}
                max={PLAN_LIMITS.maxSteps}
                value={perWeek}
                onChange={(e) => setPerWeek(e.target.value)}
              />
            </label>
            <button type="submit" className="btn">
              保存计划
            </button>{' '}
            <button type="button" className="btn-link" onClick={() => void leave()}>
              退出路线
            </button>
          </form>
        </>
      )}
      {state.steps.map((s) => {
        const slot = document.querySelector(`[data-step-slot="${s.stepId}"]`);
        const step = steps.find((x) => x.id === s.stepId);
        if (!slot || !step) return null;
        return createPortal(
          <>
            <span className={`step-state step-${s.state}`} data-state={s.state}>
              {STATE_LABEL[s.state]}
            </span>
            {step.markable && state.joined && (
              <button
                type="button"
                className="btn-link"
                onClick={() =>
                  void send('path/step/mark', {
                    stepId: String(s.stepId),
                    done: s.state === 'done' ? '0' : '1',
                  })
                }
              >
                {s.state === 'done' ? `取消完成：${step.title}` : `标记完成：${step.title}`}
              </button>
            )}
          </>,
          slot,
          String(s.stepId),
        );
      })}
    </section>
  );
}
