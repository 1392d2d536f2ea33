import type { DrawOp } from './layout';
import { fontOf } from './layout';

/**
 * Draws a frame's operations (layout.ts `frameAt`) onto a 2D context whose canvas may be smaller than the
 * video: everything is scaled by canvas width ÷ video width, so the preview and the recording draw alike.
 */
export function drawFrame(ctx: CanvasRenderingContext2D, ops: DrawOp[], videoWidth: number) {
  const { width, height } = ctx.canvas;
  const k = width / videoWidth;
  ctx.save();
  ctx.setTransform(k, 0, 0, k, 0, 0);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const op of ops) {
    ctx.globalAlpha = 'alpha' in op ? op.alpha : 1;
    switch (op.op) {
      case 'background': {
        const g = ctx.createLinearGradient(0, 0, 0, height / k);
        g.addColorStop(0, op.colour);
        g.addColorStop(1, op.shade);
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, width / k, height / k);
        break;
      }
      case 'circle':
        ctx.fillStyle = op.colour;
        ctx.beginPath();
        ctx.arc(op.x, op.y, op.r, 0, Math.PI * 2);
        ctx.fill();
        break;
      case 'rect':
        ctx.beginPath();
        ctx.roundRect(op.x, op.y, op.w, op.h, op.radius);
        if (op.stroke) {
          ctx.strokeStyle = op.colour;
          ctx.lineWidth = op.stroke.width;
          ctx.setLineDash([op.stroke.dash, op.stroke.dash]);
          ctx.stroke();
          ctx.setLineDash([]);
        } else {
          ctx.fillStyle = op.colour;
          ctx.fill();
        }
        break;
      case 'text':
        ctx.fillStyle = op.colour;
        ctx.font = fontOf(op.size, op.weight);
        ctx.fillText(op.text, op.x, op.y);
        break;
    }
  }
  ctx.restore();
}

/** A Measure over a real context (layout.ts): the width of text in the font the frame draws it with. */
export function measureWith(ctx: CanvasRenderingContext2D) {
  return (text: string, size: number, weight: number) => {
    ctx.font = fontOf(size, weight);
    return ctx.measureText(text).width;
  };
}
