/**
 * The pop-up notice (spec 3: title and content) for a logged-in member. The server lists the
 * notices the member has not closed yet, their HTML cleaned to the allowlist; 我知道了 tells it
 * this one was seen, so it pops up no more.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import './members.css';
import type { PopupNotice } from '../../server/services/members/index.ts';

export default function NoticePopup() {
  const [queue, setQueue] = useState<PopupNotice[]>([]);
  useEffect(() => {
    void api<{ notices: PopupNotice[] }>('get', 'notice/qryUserNotice').then((r) => {
      if (r.code === 200) setQueue(r.data.notices);
    });
  }, []);
  const current = queue[0];
  if (!current) return null;
  return (
    <div
      className="notice-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby="notice-popup-title"
    >
      <h2 id="notice-popup-title">{current.title}</h2>
      <div className="prose" dangerouslySetInnerHTML={{ __html: current.content }} />
      <p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            // Closed here, it pops up no more, in this tab or any other.
            void api('post', 'notice/popup/seen', {
              form: { id: String(current.id) },
              keepalive: true,
            });
            setQueue((q) => q.slice(1));
          }}
        >
          我知道了
        </button>
      </p>
    </div>
  );
}
