/** A delete button for one of the member's own items: confirms, posts the id, then reloads the list. */
import { useState } from 'react';
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
  async function remove() {
    if (busy || !window.confirm(confirmText)) return;
    setBusy(true);
    const r = await api('post', path, { form: { id: String(id) } });
    setBusy(false);
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 200) setTimeout(() => location.reload(), 600);
  }
  return (
    <button type="button" className="btn btn-ghost" disabled={busy} onClick={remove}>
      删除
    </button>
  );
}
