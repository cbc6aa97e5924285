/**
 * Favourite and like buttons of a cached detail page. The member's own state
 * comes from /api/favorite/state after hydration, never from the HTML.
 * Spec 4: isLaud is 0 on load and 1 after a like; favorite follows collecting.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import type { TargetType } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { askLogin, hasMember, NOT_LOGGED_IN } from './session.ts';
import './members.css';

interface Props {
  targetType: TargetType;
  targetId: number;
  /** Whether to show the like button (favourites exist for every type). */
  laud?: boolean;
}

interface State {
  favorite: 0 | 1;
  laudCount: number | null;
}

export default function ItemActions({ targetType, targetId, laud = true }: Props) {
  // Known only in the browser: server HTML and the first render agree on "visitor".
  const [member, setMember] = useState<boolean | null>(null);
  useEffect(() => setMember(hasMember()), []);
  const [state, setState] = useState<State>({ favorite: 0, laudCount: null });
  const [isLaud, setIsLaud] = useState<0 | 1>(0);
  const [busy, setBusy] = useState(false);
  const target = { targetType, targetId: String(targetId) };

  useEffect(() => {
    if (!member) return;
    void api<{ favorite: 0 | 1; laudCount: number }>('get', 'favorite/state', {
      searchParams: target,
    }).then((r) => {
      if (r.code === 200) setState({ favorite: r.data.favorite, laudCount: r.data.laudCount });
    });
  }, [member]);

  async function toggleFavorite() {
    if (busy) return;
    setBusy(true);
    const adding = state.favorite === 0;
    const r = await api<{ favorite: 0 | 1 }>('post', adding ? 'favorite/add' : 'favorite/delete', {
      form: target,
    });
    setBusy(false);
    if (r.code === 200) {
      setState((s) => ({ ...s, favorite: r.data.favorite }));
      toast(r.message, 'success');
    } else {
      const fallback = adding ? MSG.collectFailure : MSG.uncollectFailure;
      toast(r.code === NOT_LOGGED_IN || r.code === -1 ? r.message : fallback, 'error');
    }
  }

  async function like() {
    if (busy || isLaud === 1) return;
    setBusy(true);
    const r = await api<{ isLaud: 1; laudCount: number }>('post', 'laud/add', { form: target });
    setBusy(false);
    if (r.code === 200) {
      setIsLaud(1);
      setState((s) => ({ ...s, laudCount: r.data.laudCount }));
    } else toast(r.message, 'error');
  }

  return (
    <div
      className="item-actions"
      data-testid="item-actions"
      data-ready={member === null ? undefined : '1'}
    >
      <button
        type="button"
        className={`btn btn-ghost${state.favorite ? ' on' : ''}`}
        aria-pressed={state.favorite === 1}
        onClick={member ? toggleFavorite : askLogin}
      >
        {state.favorite ? '★ 已收藏' : '☆ 收藏'}
      </button>
      {laud && (
        <button
          type="button"
          className={`btn btn-ghost${isLaud ? ' on' : ''}`}
          aria-pressed={isLaud === 1}
          onClick={member ? like : askLogin}
        >
          {isLaud ? '已赞' : '点赞'}
          {state.laudCount !== null && <span className="count"> {state.laudCount}</span>}
        </button>
      )}
    </div>
  );
}
