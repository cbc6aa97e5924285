/**
 * The console's rich-text editor (issue 12): Tiptap over ProseMirror, which
 * handles Chinese input methods itself (composition is never interrupted by
 * our own key handling: there is none). It edits a structured document
 * (ProseMirror JSON) that the server renders to public HTML through its one
 * sanitiser (src/server/services/lib/doc-html.ts), and can start from an
 * existing article's HTML. The toolbar is buttons with Chinese names, so it
 * works from the keyboard; the usual shortcuts (Ctrl+B, Ctrl+I …) work too.
 */
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space, Tooltip } from 'antd';

export type Doc = JSONContent;

const EDITOR_CSS = `
.rich-editor .ProseMirror { min-height: 320px; padding: 12px 16px; border: 1px solid #d9d9d9;
  border-radius: 0 0 6px 6px; outline: none; line-height: 1.75; font-size: 15px; }
.rich-editor .ProseMirror:focus-visible { border-color: #1677ff; box-shadow: 0 0 0 2px rgba(5,145,255,.1); }
.rich-editor .ProseMirror pre { background: #1f2328; color: #e6edf3; padding: 12px; border-radius: 6px;
  font-family: ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; }
.rich-editor .ProseMirror code { background: #f2f3f5; padding: 0 4px; border-radius: 3px; }
.rich-editor .ProseMirror pre code { background: none; padding: 0; }
.rich-editor .ProseMirror blockquote { border-left: 3px solid #d9d9d9; margin: 0; padding-left: 12px; color: #555; }
.rich-editor .ProseMirror img { max-width: 100%; }
.rich-editor .toolbar { border: 1px solid #d9d9d9; border-bottom: 0; border-radius: 6px 6px 0 0;
  padding: 6px 8px; background: #fafafa; }
`;

interface Props {
  /** The document, or HTML of an article written before the editor. */
  value?: Doc | string | null;
  onChange?(doc: Doc): void;
  'aria-label'?: string;
  id?: string;
}

export function RichEditor(props: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['https', 'http', 'mailto'] },
      }),
      Image.configure({ inline: false }),
    ],
    content: props.value ?? '',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': props['aria-label'] ?? '正文',
        'aria-multiline': 'true',
        role: 'textbox',
        ...(props.id ? { id: props.id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => props.onChange?.(e.getJSON()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (label: string, active: boolean, run: () => void, text: string) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        onClick={run}
        // At least 24 px wide (WCAG 2.5.8) whatever the font: "I" alone is narrower in some.
        style={{ minWidth: 28 }}
      >
        {text}
      </Button>
    </Tooltip>
  );
  const setLink = () => {
    const href = window.prompt('链接地址（https://… 或站内 /…），留空则去掉链接', '');
    if (href === null) return;
    if (!href.trim()) chain().unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const addImage = () => {
    const src = window.prompt('图片地址（https://… 或站内 /…）', '');
    if (src?.trim()) chain().setImage({ src: src.trim(), alt: '' }).run();
  };
  return (
    <div className="rich-editor">
      <style>{EDITOR_CSS}</style>
      <Space className="toolbar" size={2} wrap role="toolbar" aria-label="正文格式">
        {tool('加粗', state.bold, () => chain().toggleBold().run(), 'B')}
        {tool('斜体', state.italic, () => chain().toggleItalic().run(), 'I')}
        {tool('删除线', state.strike, () => chain().toggleStrike().run(), 'S')}
        {tool('行内代码', state.code, () => chain().toggleCode().run(), '`')}
        {tool('二级标题', state.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {tool('三级标题', state.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {tool('无序列表', state.bullet, () => chain().toggleBulletList().run(), '•')}
        {tool('有序列表', state.ordered, () => chain().toggleOrderedList().run(), '1.')}
        {tool('引用', state.quote, () => chain().toggleBlockquote().run(), '❝')}
        {tool('代码块', state.codeBlock, () => chain().toggleCodeBlock().run(), '</>')}
        {tool('分割线', false, () => chain().setHorizontalRule().run(), '—')}
        {tool('链接', state.link, setLink, '链接')}
        {tool('图片', false, addImage, '图片')}
        {tool('撤销', false, () => chain().undo().run(), '↶')}
        {tool('重做', false, () => chain().redo().run(), '↷')}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
