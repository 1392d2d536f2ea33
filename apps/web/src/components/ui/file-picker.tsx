import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Camera, CheckCircle2, Upload } from 'lucide-react';
import { DEFAULT_UPLOAD_MAX_BYTES, FILE_ACCEPT, type FilePurpose } from '@openride/shared/files/schemas';
import type { FileView } from '@openride/shared/files/views';
import { fileText } from '@openride/shared/files/file-text';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { takeNativePhoto } from '@/lib/native-camera';
import { isNativePlatform } from '@/lib/native-platform';
import { formatBytes, uploadFile } from '@/lib/upload';
import { Button } from './button';

type FilePickerProps = {
  /** What is asked for ("Driver's licence, front"): the group's name for assistive technology. */
  label: string;
  purpose: FilePurpose;
  onUploaded: (file: FileView) => void;
  /** A hint for the picker only (the server decides by the bytes). */
  accept?: string;
  /** Offer "Take a photo": a second input with `capture="environment"` opens a phone's rear camera. */
  camera?: boolean;
  maxBytes?: number;
  disabled?: boolean;
  /** Told when an upload starts and ends: a form keeps its submit disabled meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  className?: string;
};

type State =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; name: string }
  | { status: 'done'; name: string }
  | { status: 'error'; message: string };

/**
 * Choose (or photograph) one file and upload it with a progress bar (decision 0045). Real buttons open
 * hidden file inputs, so it works from the keyboard; progress is a labelled progressbar, errors are
 * announced. "Take a photo" uses the camera plugin inside the native shell (lib/native-camera.ts).
 */
export function FilePicker({
  label,
  purpose,
  onUploaded,
  accept = FILE_ACCEPT,
  camera = false,
  maxBytes = DEFAULT_UPLOAD_MAX_BYTES,
  disabled = false,
  onBusyChange,
  className,
}: FilePickerProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });
  useEffect(() => () => abort.current?.abort(), []);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = '';
    if (file) await upload(file);
  }

  /** "Take a photo": the native shell's camera plugin in the app, the capture input in a browser. */
  async function takePhoto() {
    if (!isNativePlatform()) {
      cameraInput.current?.click();
      return;
    }
    try {
      const photo = await takeNativePhoto();
      if (photo) await upload(photo);
    } catch {
      setState({ status: 'error', message: fileText.cameraFailed });
    }
  }

  async function upload(file: File) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'uploading', percent: 0, name: file.name });
    try {
      const stored = await uploadFile(file, {
        purpose,
        maxBytes,
        signal: controller.signal,
        onProgress: (percent) => setState({ status: 'uploading', percent, name: file.name }),
      });
      setState({ status: 'done', name: file.name });
      onUploaded(stored);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: 'error', message: isApiError(error) ? error.message : fileText.failed });
    }
  }

  const busy = state.status === 'uploading';
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  return (
    <div role="group" aria-label={label} className={cn('space-y-3', className)}>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={disabled || busy} aria-describedby={`${hintId} ${statusId}`}>
          <Upload className="size-4" aria-hidden="true" />
          {state.status === 'done' ? fileText.replace : fileText.choose}
        </Button>
        {camera ? (
          <Button variant="outline" onClick={() => void takePhoto()} disabled={disabled || busy} aria-describedby={`${hintId} ${statusId}`}>
            <Camera className="size-4" aria-hidden="true" />
            {fileText.takePhoto}
          </Button>
        ) : null}
      </div>
      <input ref={fileInput} type="file" accept={accept} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onChange} />
      {camera ? (
        <input ref={cameraInput} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onChange} />
      ) : null}
      <p id={hintId} className="text-xs text-ink-500">
        {fileText.hint.replace('{size}', formatBytes(maxBytes))}
      </p>
      <div id={statusId} aria-live="polite" className="text-sm">
        {state.status === 'uploading' ? (
          <div className="space-y-1">
            <p className="truncate text-ink-700">{fileText.uploading(state.percent)}</p>
            <div
              role="progressbar"
              aria-label={state.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.percent}
              className="h-2 w-full overflow-hidden rounded-full bg-ink-100"
            >
              <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${state.percent}%` }} />
            </div>
          </div>
        ) : state.status === 'done' ? (
          <p className="flex items-center gap-1.5 text-green-800">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {fileText.uploaded}: {state.name}
            </span>
          </p>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
