import type { FormatId, TemplateId } from './formats';

/** Tried in this order (decision 0060): WebM VP9, VP8, any WebM, then MP4 (Safari). */
export const MIME_CANDIDATES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'] as const;

/** The first type this browser's MediaRecorder records, else null. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | null {
  for (const type of MIME_CANDIDATES) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // A browser that throws on a type it does not know: not that one.
    }
  }
  return null;
}

export type RecordSupport = { ok: true; mimeType: string } | { ok: false; reason: 'no-recorder' | 'no-type' | 'no-capture' };

/** What this browser can do: a recorder, a type it records, and a canvas that streams. */
export function recordingSupport(env: { MediaRecorder?: { isTypeSupported?: (type: string) => boolean }; canvasCaptures: boolean }): RecordSupport {
  if (!env.MediaRecorder || typeof env.MediaRecorder.isTypeSupported !== 'function') return { ok: false, reason: 'no-recorder' };
  if (!env.canvasCaptures) return { ok: false, reason: 'no-capture' };
  const mimeType = pickMimeType(env.MediaRecorder.isTypeSupported.bind(env.MediaRecorder));
  return mimeType ? { ok: true, mimeType } : { ok: false, reason: 'no-type' };
}

/** This browser's support, read from the globals. */
export function browserRecordingSupport(): RecordSupport {
  const canvasCaptures = typeof HTMLCanvasElement !== 'undefined' && typeof HTMLCanvasElement.prototype.captureStream === 'function';
  return recordingSupport({ MediaRecorder: typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder, canvasCaptures });
}

export const extensionOf = (mimeType: string) => (mimeType.startsWith('video/mp4') ? 'mp4' : 'webm');

/** openride-city-launch-vertical.webm */
export const videoFileName = (template: TemplateId, format: FormatId, mimeType: string) =>
  `openride-${template.replaceAll('_', '-')}-${format}.${extensionOf(mimeType)}`;
export const posterFileName = (template: TemplateId, format: FormatId) => `openride-${template.replaceAll('_', '-')}-${format}.png`;

/** Share of the recording done at `elapsed` seconds of `duration`, 0 to 1. */
export const progressOf = (elapsed: number, duration: number) => (duration <= 0 ? 1 : Math.min(1, Math.max(0, elapsed / duration)));

/**
 * Records `canvas` for `duration` seconds while `drawAt(t)` paints frame t in real time (one per animation
 * frame), and resolves with the video. `onProgress` hears 0..1. Browser glue over captureStream(30) and
 * MediaRecorder; what it draws is the pure scene (layout.ts).
 */
export function recordCanvas(opts: {
  canvas: HTMLCanvasElement;
  mimeType: string;
  duration: number;
  drawAt: (t: number) => void;
  onProgress: (p: number) => void;
  signal?: AbortSignal;
}): Promise<Blob> {
  const { canvas, mimeType, duration, drawAt, onProgress, signal } = opts;
  return new Promise<Blob>((resolve, reject) => {
    drawAt(0);
    const stream = canvas.captureStream(30);
    const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 6_000_000 });
    const chunks: Blob[] = [];
    let frame = 0;
    let failed = false;
    const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onerror = () => {
      failed = true;
      cancelAnimationFrame(frame);
      stopTracks();
      reject(new Error('recorder error'));
    };
    recorder.onstop = () => {
      stopTracks();
      if (failed) return;
      if (signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
      else resolve(new Blob(chunks, { type: mimeType.split(';')[0] }));
    };
    signal?.addEventListener('abort', () => {
      cancelAnimationFrame(frame);
      if (recorder.state !== 'inactive') recorder.stop();
    });
    recorder.start(250);
    const started = performance.now();
    const tick = (now: number) => {
      const t = (now - started) / 1000;
      drawAt(Math.min(t, duration));
      onProgress(progressOf(t, duration));
      if (t >= duration) {
        if (recorder.state !== 'inactive') recorder.stop();
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
  });
}
