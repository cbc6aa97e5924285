/**
 * 订阅专栏 on a cached column page (issue 15): the member's own state comes
 * from /api/column/subscription after hydration, never from the HTML; a
 * visitor is asked to log in.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { askLogin, hasMember } from './session.ts';
import './members.css';
import type { SubscriptionState as State } from '../../server/services/members/index.ts';

export default function SubscribeButton({ classifyId }: { classifyId: number }) {
  const [member, setMember] = useState<boolean | null>(null);
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMember(hasMember()), []);
  useEffect(() => {
    if (!member) return;
    void api<State>('get', 'column/subscription', {
      searchParams: { classifyId: String(classifyId) },
    }).then((r) => {
      if (r.code === 200) setState(r.data);
      else if (r.code === 401) setMember(false);
    });
  }, [member, classifyId]);

  async function toggle() {
    if (busy || !state) return;
    setBusy(true);
    const r = await api<State>(
      'post',
      state.subscribed ? 'column/unsubscribe' : 'column/subscribe',
      { form: { classifyId: String(classifyId) } },
    );
    setBusy(false);
    if (r.code === 200) {
      setState(r.data);
      toast(r.message, 'success');
    } else if (r.code === 401) askLogin();
    else toast(r.message, 'error');
  }

  const on = state?.subscribed === 1;
  return (
    <span className="subscribe" data-ready={member === null ? undefined : '1'}>
      <button
        type="button"
        className={`btn${on ? ' btn-ghost on' : ''}`}
        aria-pressed={on}
        // Not clickable until it can act: hydrated, and for a member the state is known.
        disabled={busy || member === null || (member === true && state === null)}
        onClick={member ? () => void toggle() : askLogin}
      >
        {on ? '已订阅' : '订阅专栏'}
      </button>
      {state && <span className="muted"> {state.count} 人订阅</span>}
    </span>
  );
}
