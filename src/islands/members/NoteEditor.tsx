/**
 * One note's text in a notes list with its 编辑 and 删除 (issue 23): 编辑 turns the text into a
 * box (a bookmark or bare highlight gains its text this way), saved through /api/note/update.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { NOTE_LIMITS, checkNoteBody } from '../../shared/member-notes.ts';
import type { NoteView } from '../../server/services/members/index.ts';

interface Props {
  note: NoteView;
  /** What shows for a note without text (★ 书签, or nothing under a highlight's quote). */
  empty: ReactNode;
  onSaved(note: NoteView): void;
  onDelete(note: NoteView): void;
}

export default function NoteEditor({ note, empty, onSaved, onDelete }: Props) {
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (text === null || busy) return;
    const problem = checkNoteBody(text);
    if (problem) return toast(problem, 'warning');
    setBusy(true);
    const r = await api<NoteView>('post', 'note/update', {
      form: { id: String(note.id), body: text },
    });
    setBusy(false);
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code !== 200) return;
    setText(null);
    onSaved(r.data);
  }

  if (text !== null)
    return (
      <form className="note-edit" onSubmit={(e) => void save(e)} aria-label="修改笔记">
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={NOTE_LIMITS.bodyMax}
          rows={3}
          autoFocus
        />
        <span className="player-notes-actions">
          <button type="submit" className="btn" disabled={busy}>
            保存
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setText(null)}>
            取消
          </button>
        </span>
      </form>
    );
  return (
    <>
      <span className="note-body">{note.body || empty}</span>
      <button type="button" className="note-delete" onClick={() => setText(note.body)}>
        编辑
      </button>
      <button type="button" className="note-delete" onClick={() => onDelete(note)}>
        删除
      </button>
    </>
  );
}
