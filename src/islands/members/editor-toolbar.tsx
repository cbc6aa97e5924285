/**
 * The rich-text editor's toolbar: headings, paragraphs, bold/italic, lists,
 * code blocks, links and uploaded images. Commands act on the contenteditable
 * area; whatever it produces is cleaned to the allowlist on the server.
 */
import { useRef } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { TIMING } from '../../shared/constants.ts';
import { ACCOUNTS_MSG } from '../../shared/messages/accounts.ts';

const MAX_UPLOAD = 5 * 1024 * 1024;

/** Runs an editing command; execCommand is the one API every browser's contenteditable shares. */
function exec(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

const BLOCKS: [string, string][] = [
  ['二级标题', 'h2'],
  ['三级标题', 'h3'],
  ['正文', 'p'],
  ['代码块', 'pre'],
  ['引用', 'blockquote'],
];

interface Props {
  /** Gives focus back to the editing area before a command runs. */
  focus(): void;
  onBusy(busy: boolean): void;
}

export default function Toolbar({ focus, onBusy }: Props) {
  const file = useRef<HTMLInputElement>(null);
  const run = (command: string, value?: string) => () => {
    focus();
    exec(command, value);
  };

  function link() {
    const url = window.prompt('链接地址（http:// 或 https:// 开头）', 'https://');
    if (!url) return;
    if (!/^https?:\/\//i.test(url)) return toast('链接须以 http:// 或 https:// 开头', 'warning');
    focus();
    exec('createLink', url);
  }

  async function upload(f: File) {
    if (!f.type.startsWith('image/')) return toast('请选择图片文件', 'warning');
    if (f.size > MAX_UPLOAD) return toast(ACCOUNTS_MSG.uploadTooLarge, 'error');
    const body = new FormData();
    body.append('file', f);
    onBusy(true);
    const res = await api<{ url: string }>('post', 'upload/image1.action', {
      body,
      timeout: TIMING.uploadTimeoutMs,
    });
    onBusy(false);
    if (res.code !== 200) return toast(res.message, 'error');
    focus();
    exec('insertImage', res.data.url);
  }

  return (
    <div className="toolbar" role="toolbar" aria-label="编辑工具">
      {BLOCKS.map(([label, tag]) => (
        <button key={tag} type="button" className="btn btn-ghost" onClick={run('formatBlock', tag)}>
          {label}
        </button>
      ))}
      <button type="button" className="btn btn-ghost" onClick={run('bold')}>
        加粗
      </button>
      <button type="button" className="btn btn-ghost" onClick={run('italic')}>
        斜体
      </button>
      <button type="button" className="btn btn-ghost" onClick={run('insertUnorderedList')}>
        无序列表
      </button>
      <button type="button" className="btn btn-ghost" onClick={run('insertOrderedList')}>
        有序列表
      </button>
      <button type="button" className="btn btn-ghost" onClick={link}>
        链接
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => file.current?.click()}>
        图片
      </button>
      <input
        ref={file}
        type="file"
        accept="image/*"
        hidden
        aria-label="上传图片"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void upload(f);
        }}
      />
    </div>
  );
}
