// TipTap rich text for the admin forms (StarterKit with its Link, plus Image from uploads): headings, lists,
// links, bold/italic and images. It hands HTML to the form; the server sanitises it with an allow-list on write.
// Only the admin chunk imports this file, so TipTap never reaches the public bundle.
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Popover } from 'radix-ui';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Loader2,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react';
import { useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { isHttpUrl } from '../../contract/fields.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { uploadImage } from '../data/admin/uploads.ts';
import { cn } from '../lib/cn.ts';
import { toast } from '../lib/toast.ts';
import { reportAdminError } from './feedback.ts';
import type { Connected } from './fields.tsx';
import { uploadProblem } from './image-uploader.tsx';

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()} // keep the editor's selection
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40 [&_svg]:size-4',
        active && 'bg-accent-100 text-accent-800 hover:bg-accent-100',
      )}
    >
      {children}
    </button>
  );
}

function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const valid = isHttpUrl(url.trim());
  const apply = () => {
    if (!valid) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
    setOpen(false);
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setUrl((editor.getAttributes('link').href as string | undefined) ?? 'https://');
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          title="Link"
          aria-label="Link"
          aria-pressed={active}
          onMouseDown={(e) => e.preventDefault()}
          className={cn(
            'inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&_svg]:size-4',
            active && 'bg-accent-100 text-accent-800',
          )}
        >
          <Link2 aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="start"
          className="z-[60] w-72 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        >
          <div className="grid gap-2">
            <label htmlFor="rte-link-url" className="text-sm font-medium text-slate-800">
              Link URL
            </label>
            <Input
              id="rte-link-url"
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  apply();
                }
              }}
            />
            <div className="flex justify-end gap-2">
              {active && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    editor.chain().focus().unsetLink().run();
                    setOpen(false);
                  }}
                >
                  Remove link
                </Button>
              )}
              <Button size="sm" disabled={!valid} onClick={apply}>
                Apply
              </Button>
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function insertImage(file: File | undefined) {
    if (!file) return;
    const problem = uploadProblem(file, 'images');
    if (problem) {
      const [title, ...rest] = problem.split(' - ');
      toast({ title, description: rest.join(' - '), variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const src = await uploadImage(file, 'images');
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
      toast({ title: 'Success', description: 'Image uploaded successfully', variant: 'success' });
    } catch (err) {
      reportAdminError(err, { title: 'Failed to upload file', fallback: 'Upload failed' });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const c = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 p-1"
    >
      <ToolButton label="Heading 2" active={state.h2} onClick={() => c().toggleHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Heading 3" active={state.h3} onClick={() => c().toggleHeading({ level: 3 }).run()}>
        <Heading3 aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <ToolButton label="Bold" active={state.bold} onClick={() => c().toggleBold().run()}>
        <Bold aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => c().toggleItalic().run()}>
        <Italic aria-hidden="true" />
      </ToolButton>
      <LinkButton editor={editor} active={state.link} />
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <ToolButton label="Bulleted list" active={state.bullet} onClick={() => c().toggleBulletList().run()}>
        <List aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Numbered list" active={state.ordered} onClick={() => c().toggleOrderedList().run()}>
        <ListOrdered aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Quote" active={state.quote} onClick={() => c().toggleBlockquote().run()}>
        <Quote aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Insert image" disabled={uploading} onClick={() => fileInput.current?.click()}>
        {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/svg+xml"
        className="sr-only"
        tabIndex={-1}
        aria-label="Upload an image into the text"
        onChange={(e) => void insertImage(e.target.files?.[0])}
      />
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => c().undo().run()}>
        <Undo2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => c().redo().run()}>
        <Redo2 aria-hidden="true" />
      </ToolButton>
    </div>
  );
}

/**
 * Uncontrolled after mount: `value` is the starting HTML (give the component a new `key` to load other
 * content); every edit calls `onChange` with the HTML, or '' when the document is empty.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  minHeight = 'min-h-40',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  minHeight?: string;
} & Connected) {
  const labelId = `${id}-label`;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        class: cn('prose-content max-w-none px-3 py-2 text-sm focus:outline-none', minHeight),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });
  // The form focuses the editor itself when its content is wrong.
  useImperativeHandle(inputRef, () => ({ focus: () => editor.commands.focus() }), [editor]);

  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <div
        className={cn(
          'overflow-hidden rounded-lg border bg-white shadow-sm focus-within:border-accent-600 focus-within:ring-2 focus-within:ring-accent-600/30',
          error ? 'border-red-500' : 'border-slate-300',
        )}
      >
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
