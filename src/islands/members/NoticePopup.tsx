/**
 * The pop-up notice (spec 3: title and content) for a logged-in member. The server lists the
 * notices the member has not closed yet, their HTML cleaned to the allowlist; 我知道了 tells it
 * this one was seen, so it pops up no more. It takes focus when it opens, keeps Tab inside,
 * closes on Escape as on 我知道了, and gives focus back where it was (issue 29).
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { holdDialogFocus } from '../../client/dialog-focus.ts';
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
  const dialog = useRef<HTMLDivElement>(null);
  const close = (id: number) => {
    // Closed here, it pops up no more, in this tab or any other.
    void api('post', 'notice/popup/seen', { form: { id: String(id) }, keepalive: true });
    setQueue((q) => q.filter((n) => n.id !== id));
  };
  const currentId = current?.id;
  useEffect(() => {
    if (currentId === undefined || !dialog.current) return;
    return holdDialogFocus(dialog.current, () => close(currentId));
  }, [currentId]);
  if (!current) return null;
  return (
    <div
      ref={dialog}
      className="notice-popup"
      role="dialog"
      aria-modal="true"
      aria-labelledby="notice-popup-title"
    >
      <h2 id="notice-popup-title">{current.title}</h2>
      <div className="prose" dangerouslySetInnerHTML={{ __html: current.content }} />
      <p>
        <button type="button" className="btn" onClick={() => close(current.id)}>
          我知道了
        </button>
      </p>
    </div>
  );
}
