/** Mounts the notice pop-up into its own root; loaded after the page's load event for members only. */
import { createRoot } from 'react-dom/client';
import NoticePopup from './NoticePopup.tsx';

export function mountNoticePopup(): void {
  if (document.getElementById('notice-popup-root')) return;
  const host = document.createElement('div');
  host.id = 'notice-popup-root';
  document.body.append(host);
  createRoot(host).render(<NoticePopup />);
}
