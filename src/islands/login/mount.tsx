/** Renders the login dialog island into the page, once, on first use. */
import { createRoot } from 'react-dom/client';
import LoginDialog from './LoginDialog.tsx';
import './login-dialog.css';

let mounted = false;

export function mountLoginDialog(inviteCode?: string): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'login-dialog-root';
  document.body.append(host);
  createRoot(host).render(<LoginDialog inviteCode={inviteCode} />);
}
