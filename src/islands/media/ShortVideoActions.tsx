/**
 * Like and favourite buttons of a short video or a featured video (spec 3:
 * videoDetail favorite and isLaud; spec 8 texts). The member's own state
 * comes from /api/shortvideo/detail or /api/video/detail; liking and
 * collecting use the shared calls /api/laud/add and /api/favorite/add|delete
 * with the target type shortvideo or video.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { MSG } from '../../shared/messages.ts';
import { askLogin, NOT_LOGGED_IN } from '../members/session.ts';
import './media.css';
import { hasLogin } from '../../client/presence.ts';

interface Props {
  id: number;
  laudCount: number;
  /** Short videos and featured videos share the buttons; each has its own detail call. */
  target?: 'shortvideo' | 'video';
}

export default function ShortVideoActions({ id, laudCount, target: TARGET = 'shortvideo' }: Props) {
  const [favorite, setFavorite] = useState(false);
  const [isLaud, setIsLaud] = useState<0 | 1>(0);
  const [lauds, setLauds] = useState(laudCount);
  const [busy, setBusy] = useState(false);
  const member = () => Boolean(hasLogin());

  useEffect(() => {
    // A featured video's detail call counts the view, so every load asks it
    // (spec 4); a short video's only carries the member's own flags.
    if (TARGET === 'shortvideo' && !member()) return;
    void api<{ videoDetail: { favorite: boolean | 0 | 1; isLaud: 0 | 1 } }>(
      'get',
      `${TARGET}/detail/${id}`,
    ).then((res) => {
      if (res.code !== 200) return;
      setFavorite(Boolean(res.data.videoDetail.favorite));
      setIsLaud(res.data.videoDetail.isLaud);
    });
  }, [id, TARGET]);

  // The shared favourite and like calls name an item by targetType and targetId.
  const target = { targetType: TARGET, targetId: String(id) };

  async function laud() {
    if (!member()) return askLogin();
    if (isLaud) return;
    setBusy(true);
    const res = await api('post', 'laud/add', { form: target });
    setBusy(false);
    if (res.code === 200) {
      setIsLaud(1);
      setLauds((n) => n + 1);
    } else toast(res.message, res.code === -1 ? 'error' : 'warning');
  }

  async function collect() {
    if (!member()) return askLogin();
    setBusy(true);
    const res = await api('post', favorite ? 'favorite/delete' : 'favorite/add', { form: target });
    setBusy(false);
    if (res.code === 200) {
      toast(favorite ? MSG.uncollectSuccess : MSG.collectSuccess, 'success');
      setFavorite(!favorite);
    } else {
      // Spec 8: a transport failure is 网络错误; an expired login says so; otherwise 收藏失败.
      const fallback = favorite ? MSG.uncollectFailure : MSG.collectFailure;
      toast(res.code === -1 || res.code === NOT_LOGGED_IN ? res.message : fallback, 'error');
    }
  }

  return (
    <div className="media-actions">
      <button
        type="button"
        className="btn btn-ghost"
        aria-pressed={isLaud === 1}
        disabled={busy}
        onClick={() => void laud()}
      >
        {isLaud ? '已点赞' : '点赞'} {lauds}
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        aria-pressed={favorite}
        disabled={busy}
        onClick={() => void collect()}
      >
        {favorite ? '已收藏' : '收藏'}
      </button>
    </div>
  );
}
