/**
 * The console's entry (built on its own by build/console.ts): mounts
 * the React application on the element the /admin page renders, with the
 * staff member's role and name the page read from the session.
 */
import { createRoot } from 'react-dom/client';
import type { Role } from '../shared/roles.ts';
import AdminApp from './AdminApp.tsx';
import { keepNamesChinese } from './chinese-names.ts';
import { keepTabInDialogs } from './dialog-focus.ts';
import { messageRegion } from './live-region.ts';

const root = document.getElementById('admin-root');
if (root) {
  keepNamesChinese();
  keepTabInDialogs();
  messageRegion();
  const { role, name, roleName } = root.dataset;
  createRoot(root).render(
    <AdminApp role={role as Exclude<Role, 'member'>} name={name ?? ''} roleName={roleName ?? ''} />,
  );
}
