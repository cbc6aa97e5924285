/**
 * /usercenter/newpublish: the member's article editor (spec 7:
 * /api/article/saveArticle with title, content as HTML, classifyId, and id
 * when editing). A submission waits for review; the server sanitises it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { urls } from '../../shared/urls.ts';
import Toolbar from './editor-toolbar.tsx';
import './members.css';
import { ARTICLES_MSG } from '../../shared/messages/articles.ts';
import type { PublishClassifyOption } from '../../server/services/articles/index.ts';

export type ClassifyOption = PublishClassifyOption;

interface Props {
  classifies: ClassifyOption[];
  /** The article being edited, if any. */
  initial?: { id: number; title: string; content: string; classifyId: number };
}

export default function Editor({ classifies, initial }: Props) {
  const area = useRef<HTMLDivElement>(null);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [classifyId, setClassifyId] = useState(String(initial?.classifyId ?? ''));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The stored body was sanitised on the server before it was saved.
    if (area.current && initial) area.current.innerHTML = initial.content;
    document.execCommand('defaultParagraphSeparator', false, 'p');
  }, [initial]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const content = area.current?.innerHTML ?? '';
    if (!title.trim()) return toast(ARTICLES_MSG.publish.titleRequired, 'warning');
    if (!classifyId) return toast(ARTICLES_MSG.publish.classifyInvalid, 'warning');
    if (!(area.current?.textContent ?? '').trim() && !content.includes('<img'))
      return toast(ARTICLES_MSG.publish.contentRequired, 'warning');
    setBusy(true);
    const form: Record<string, string> = { title, content, classifyId };
    if (initial) form.id = String(initial.id);
    const r = await api<{ id: number }>('post', 'article/saveArticle', { form });
    setBusy(false);
    if (r.code !== 200) return toast(r.message, 'error');
    toast(r.message, 'success');
    setTimeout(() => location.assign(urls.userCenter('mypublish')), 800);
  }

  const groups = [...new Set(classifies.map((c) => c.group ?? c.name))];
  return (
    <form className="editor" onSubmit={submit}>
      <label>
        标题
        <input
          value={title}
          maxLength={100}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="文章标题（100字以内）"
        />
      </label>
      <label>
        分类
        <select value={classifyId} onChange={(e) => setClassifyId(e.target.value)}>
          <option value="">请选择分类</option>
          {groups.map((g) => (
            <optgroup key={g} label={g}>
              {classifies
                .filter((c) => (c.group ?? c.name) === g)
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <div>
        <Toolbar focus={() => area.current?.focus()} onBusy={setBusy} />
        <div
          ref={area}
          className="area prose"
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-label="正文"
          suppressContentEditableWarning
        />
      </div>
      <p>
        <button type="submit" className="btn" disabled={busy}>
          {initial ? '保存并重新提交审核' : '提交审核'}
        </button>
      </p>
    </form>
  );
}
