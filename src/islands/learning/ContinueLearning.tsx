/**
 * 继续学习 on the home page (issue 28): the member's newest unfinished article (opened at its
 * paragraph) or lesson (at its second), fetched in the browser after the page is idle: the
 * cached page holds nothing of any member. It floats at the bottom of the screen, so its
 * arrival moves nothing on the page, and while it shows focused page controls are scrolled
 * clear of it (client/focus-clear.ts). 关闭 hides it for this item until the browser session ends.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { keepFocusClear } from '../../client/focus-clear.ts';
import { hasLogin } from '../../client/presence.ts';
import { continueNote } from '../../shared/reading.ts';
import type { ContinueItem } from '../../server/services/learning/index.ts';
import './learning.css';

const DISMISSED = 'xxt.continue.dismissed';

function dismissed(url: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED) === url;
  } catch {
    return false;
  }
}

export default function ContinueLearning() {
  const [item, setItem] = useState<ContinueItem | null>(null);
  const card = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!hasLogin()) return;
    void api<{ item: ContinueItem | null }>('get', 'learning/continue').then((r) => {
      if (r.code === 200 && r.data.item && !dismissed(r.data.item.url)) setItem(r.data.item);
    });
  }, []);

  // Keyboard focus never rests under the card (WCAG 2.4.11).
  useEffect(() => (item && card.current ? keepFocusClear(card.current) : undefined), [item]);

  if (!item) return null;
  const close = () => {
    try {
      sessionStorage.setItem(DISMISSED, item.url);
    } catch {
      // Storage unavailable: hidden for this page only.
    }
    setItem(null);
  };
  return (
    <aside ref={card} className="continue-card" aria-label="继续学习">
      <span className="continue-tag" aria-hidden="true">
        继续学习
      </span>
      <a className="continue-link" href={item.url}>
        <span className="continue-title">{item.title}</span>
        <span className="continue-note">{continueNote(item)}</span>
      </a>
      <button type="button" className="continue-close" aria-label="关闭继续学习" onClick={close}>
        ×
      </button>
    </aside>
  );
}
