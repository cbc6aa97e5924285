/**
 * A delete button for one of the member's own items: confirms, posts the id,
 * then takes the item's row off the list (the toast stays readable; a reload
 * would wipe it within a moment). Outside a list it reloads the page.
 */
import { useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';

interface Props {
  /** API path under /api, e.g. 'article/deleteById'. */
  path: string;
  id: number;
  confirmText: string;
}

export default function DeleteButton({ path, id, confirmText }: Props) {
  const [busy, setBusy] = useState(false);
  const self = useRef<HTMLButtonElement>(null);
  async function remove() {
    if (busy || !window.confirm(confirmText)) return;
    setBusy(true);
    const r = await api('post', path, { form: { id: String(id) } });
    setBusy(false);
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code !== 200) return;
    const row = self.current?.closest('li');
    const list = row?.parentElement;
    row?.remove();
    // The last item gone (or no list): the page's own empty state, after the toast was read.
    if (!list || list.children.length === 0) setTimeout(() => location.reload(), 1500);
  }
  return (
    <button ref={self} type="button" className="btn btn-ghost" disabled={busy} onClick={remove}>
      删除
    </button>
  );
}
