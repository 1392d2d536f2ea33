import { useEffect, useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { videoText } from '@openride/shared/video/video-text';
import { Button } from '@/components/ui/button';
import { drawFrame } from '../lib/draw';
import type { FrameSize } from '../lib/formats';
import { frameAt, type Layout } from '../lib/layout';
import type { Scene } from '../lib/scene';

const text = videoText.page;

/** The preview draws at half the video's pixels: sharp on a phone, light on the CPU. */
const PREVIEW_SCALE = 0.5;
/** How wide the preview may grow per format (CSS px), so a vertical video is not taller than the screen. */
const MAX_WIDTH: Record<string, number> = { vertical: 340, square: 480, landscape: 720 };

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The live preview: a scaled canvas playing the scene in a loop with requestAnimationFrame, with play and
 * pause. With reduced motion it starts paused on the last frame (everything on screen).
 */
export function VideoPreview({ scene, layout, size, formatKey, label }: { scene: Scene; layout: Layout; size: FrameSize; formatKey: string; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const timeRef = useRef(prefersReducedMotion() ? scene.duration : 0);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const draw = () => drawFrame(ctx, frameAt(scene, layout, timeRef.current), size.width);
    if (!playing) {
      draw();
      return;
    }
    let frame = 0;
    let last: number | null = null;
    const tick = (now: number) => {
      if (last !== null) timeRef.current = (timeRef.current + (now - last) / 1000) % scene.duration;
      last = now;
      draw();
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [scene, layout, size, playing]);

  return (
    <div className="space-y-3">
      <canvas
        ref={canvasRef}
        width={Math.round(size.width * PREVIEW_SCALE)}
        height={Math.round(size.height * PREVIEW_SCALE)}
        role="img"
        aria-label={label}
        className="mx-auto block h-auto w-full rounded-2xl bg-ink-900 shadow-sm"
        style={{ maxWidth: MAX_WIDTH[formatKey] ?? 480, aspectRatio: `${size.width} / ${size.height}` }}
      />
      <div className="flex justify-center">
        <Button variant="outline" size="sm" onClick={() => setPlaying((p) => !p)}>
          {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
          {playing ? text.pause : text.play}
        </Button>
      </div>
    </div>
  );
}
