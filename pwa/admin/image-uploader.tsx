// Image field of the admin forms: drag-and-drop or pick a file (idle / dragging / uploading), checked in the
// browser against the server's own rules (type and size) before it is sent, or a pasted URL.
import { ImageOff, Loader2, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_RULES, type UploadFolder } from '../../contract/admin.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { uploadImage } from '../data/admin/uploads.ts';
import { cn } from '../lib/cn.ts';
import { toast } from '../lib/toast.ts';
import { reportAdminError } from './feedback.ts';
import { Field, type Connected } from './fields.tsx';

// Browsers leave File.type empty for some files (often SVG on some systems): judge by the extension then.
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/** "Title - description" messages of the upload rules, as a toast. */
function toastRule(message: string) {
  const [title, ...rest] = message.split(' - ');
  toast({ title, description: rest.join(' - '), variant: 'destructive' });
}

/** The rule a file breaks, if any (the server checks again, by the file's bytes). */
export function uploadProblem(file: Pick<File, 'name' | 'type' | 'size'>, folder: UploadFolder): string | undefined {
  const rules = UPLOAD_RULES[folder];
  const type = file.type || TYPE_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!rules.types.includes(type)) return rules.invalidType;
  if (file.size > rules.maxBytes) return rules.tooLarge;
  return undefined;
}

type State = 'idle' | 'dragging' | 'uploading';

function Preview({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (failed) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-1 text-center text-xs text-slate-500">
        <ImageOff className="size-5" aria-hidden="true" />
        Failed to load image
      </div>
    );
  }
  return <img src={src} alt={alt} className="size-full object-contain" onError={() => setFailed(true)} />;
}

export function ImageUploader({
  id,
  label,
  folder,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  hint,
}: {
  id: string;
  label: string;
  folder: UploadFolder;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  hint?: string;
} & Connected) {
  const [state, setState] = useState<State>('idle');
  const fileInput = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const rules = UPLOAD_RULES[folder];

  async function upload(file: File | undefined) {
    if (!file || state === 'uploading') return;
    const problem = uploadProblem(file, folder);
    if (problem) {
      toastRule(problem);
      return;
    }
    setState('uploading');
    try {
      onChange(await uploadImage(file, folder));
      toast({ title: 'Success', description: 'Image uploaded successfully', variant: 'success' });
    } catch (err) {
      reportAdminError(err, { title: 'Failed to upload file', fallback: 'Upload failed' });
    } finally {
      setState('idle');
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const onDrag = (e: DragEvent, next: State) => {
    e.preventDefault();
    if (state !== 'uploading') setState(next);
  };

  const accept = rules.types.join(',');
  const typesLabel = folder === 'images' ? 'JPG, PNG, GIF or SVG' : 'JPG, PNG, GIF, SVG or WebP';
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="flex items-stretch gap-3">
        <div className="relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 p-1">
          {value ? (
            <Preview src={value} alt={`${label} preview`} />
          ) : (
            <span className="text-xs text-slate-500">No image</span>
          )}
          {value && (
            <button
              type="button"
              onClick={() => onChange('')}
              aria-label={`Remove ${label.toLowerCase()}`}
              className="absolute top-0.5 right-0.5 rounded-full bg-white/90 p-0.5 text-slate-600 shadow hover:text-red-600"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          )}
        </div>
        <div
          onDragEnter={(e) => onDrag(e, 'dragging')}
          onDragOver={(e) => onDrag(e, 'dragging')}
          onDragLeave={(e) => onDrag(e, 'idle')}
          onDrop={(e) => {
            e.preventDefault();
            setState('idle');
            void upload(e.dataTransfer.files[0]);
          }}
          data-state={state}
          className={cn(
            'flex min-w-0 flex-1 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-3 py-2 text-center text-sm transition-colors',
            state === 'dragging' ? 'border-accent-500 bg-accent-50 text-accent-800' : 'border-slate-300 text-slate-600',
          )}
        >
          <p id={statusId} aria-live="polite" className="flex items-center gap-1.5">
            {state === 'uploading' && (
              <>
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                Uploading...
              </>
            )}
            {state === 'dragging' && 'Drop the image to upload it'}
            {state === 'idle' && (
              <>
                <Upload className="size-4 shrink-0" aria-hidden="true" />
                Drag and drop an image, or
              </>
            )}
          </p>
          {state === 'idle' && (
            <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              Choose file
            </Button>
          )}
          <p className="text-xs text-slate-500">
            {typesLabel}, up to {rules.maxBytes / (1024 * 1024)}MB
          </p>
          <input
            ref={fileInput}
            type="file"
            accept={accept}
            className="sr-only"
            tabIndex={-1}
            aria-label={`Upload ${label.toLowerCase()}`}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </div>
      </div>
      <Input
        id={id}
        ref={inputRef}
        inputMode="url"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        placeholder="or paste an image URL (https://…)"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : statusId}
      />
    </Field>
  );
}
