import { useEffect, useMemo, useRef, useState } from 'react';
import { Clapperboard, Download, ImageDown, TriangleAlert } from 'lucide-react';
import { videoText } from '@openride/shared/video/video-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { MutationError } from '@/components/ui/query-view';
import { drawFrame } from '../lib/draw';
import type { FormatId, FrameSize, TemplateId } from '../lib/formats';
import { frameAt, type Layout } from '../lib/layout';
import { browserRecordingSupport, posterFileName, recordCanvas, videoFileName } from '../lib/recording';
import type { Scene } from '../lib/scene';

const text = videoText.page;

type State = { kind: 'idle' } | { kind: 'recording'; percent: number } | { kind: 'done'; url: string; name: string; bytes: number } | { kind: 'failed' };

/** A canvas of the video's full size, with the scene's frame `t` drawn on it. */
function fullCanvas(scene: Scene, layout: Layout, size: FrameSize) {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  const drawAt = (t: number) => {
    if (ctx) drawFrame(ctx, frameAt(scene, layout, t), size.width);
  };
  return { canvas, drawAt, ok: !!ctx };
}

/** Saves a blob under `name` through a temporary link (the poster). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Render: records a full-size canvas in real time for the scene's duration (captureStream + MediaRecorder),
 * with a progress bar, then a preview of the result and Download. Where the browser cannot record, says so;
 * the poster (a PNG of the last frame) works everywhere.
 */
export function VideoRender({
  scene,
  layout,
  size,
  template,
  format,
}: {
  scene: Scene;
  layout: Layout;
  size: FrameSize;
  template: TemplateId;
  format: FormatId;
}) {
  const support = useMemo(() => browserRecordingSupport(), []);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [posterFailed, setPosterFailed] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const urlRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const render = async () => {
    if (!support.ok) return;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    const abort = new AbortController();
    abortRef.current = abort;
    const { canvas, drawAt } = fullCanvas(scene, layout, size);
    const name = videoFileName(template, format, support.mimeType);
    setState({ kind: 'recording', percent: 0 });
    let shown = 0;
    try {
      const blob = await recordCanvas({
        canvas,
        mimeType: support.mimeType,
        duration: scene.duration,
        drawAt,
        signal: abort.signal,
        onProgress: (p) => {
          const percent = Math.floor(p * 100);
          if (percent !== shown) {
            shown = percent;
            setState({ kind: 'recording', percent });
          }
        },
      });
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      setState({ kind: 'done', url, name, bytes: blob.size });
    } catch {
      if (!abort.signal.aborted) setState({ kind: 'failed' });
    }
  };

  const poster = () => {
    const { canvas, drawAt, ok } = fullCanvas(scene, layout, size);
    if (!ok) return setPosterFailed(true);
    drawAt(scene.duration);
    canvas.toBlob((blob) => (blob ? save(blob, posterFileName(template, format)) : setPosterFailed(true)), 'image/png');
  };

  const recording = state.kind === 'recording';
  return (
    <section aria-labelledby="video-render" className="space-y-4 rounded-3xl border border-ink-200 p-4 sm:p-5">
      <h2 id="video-render" className="text-lg font-semibold text-ink-900">
        {text.result}
      </h2>

      {support.ok ? (
        <>
          <p className="text-sm text-ink-600">{text.renderHint(scene.duration)}</p>
          <Button variant="primary" onClick={() => void render()} disabled={recording}>
            <Clapperboard className="size-4" aria-hidden="true" />
            {recording ? text.rendering : text.render}
          </Button>
          {recording ? (
            <div
              role="progressbar"
              aria-label={text.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.percent}
              className="h-3 w-full overflow-hidden rounded-full bg-ink-100"
            >
              <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${state.percent}%` }} />
            </div>
          ) : null}
          <MutationError error={state.kind === 'failed'}>{text.renderFailed}</MutationError>
          {state.kind === 'done' ? (
            <div className="space-y-3">
              <video src={state.url} controls playsInline className="mx-auto block max-h-[70vh] w-full rounded-2xl bg-ink-900" aria-label={text.result} />
              <div className="flex flex-wrap items-center gap-3">
                <a href={state.url} download={state.name} className={buttonClasses({ variant: 'accent' })}>
                  <Download className="size-4" aria-hidden="true" />
                  {text.download}
                </a>
                <span className="text-sm text-ink-600">
                  {state.name} · {text.fileSize(Math.max(1, Math.round(state.bytes / 1024)))}
                </span>
              </div>
            </div>
          ) : null}
        </>
      ) : (
        <div role="status" className="flex gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-semibold">{text.unsupported.title}</p>
            <p>
              {support.reason === 'no-recorder'
                ? text.unsupported.noRecorder
                : support.reason === 'no-type'
                  ? text.unsupported.noType
                  : text.unsupported.noCapture}
            </p>
            <p>{text.unsupported.advice}</p>
          </div>
        </div>
      )}

      <div className="space-y-1 border-t border-ink-100 pt-4">
        <Button variant="outline" onClick={poster}>
          <ImageDown className="size-4" aria-hidden="true" />
          {text.downloadPoster}
        </Button>
        <p className="text-xs text-ink-500">{text.posterHint}</p>
        <Alert>{posterFailed ? text.posterFailed : null}</Alert>
      </div>
    </section>
  );
}
