import type { FrameSize } from './formats';
import { countUp, ease, enterProgress, type Scene, type SceneElement, TEXT_STYLES, type TextRole } from './scene';

/** The width of `text` drawn at `size` px and `weight` (ctx.measureText in the browser; a stand-in in tests). */
export type Measure = (text: string, size: number, weight: number) => number;

export const FONT_FAMILY = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
export const fontOf = (size: number, weight: number) => `${weight} ${Math.round(size)}px ${FONT_FAMILY}`;

const LINE_HEIGHT = 1.16;
/** The brand name at the top: its top as a share of the height, its size in units. */
export const BRAND_TOP = 0.045;
export const BRAND_UNITS = 4;

/**
 * Words into lines no wider than `maxWidth`; a word wider than a line on its own is cut by characters, so
 * no text ever runs off the frame.
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the line: cut it into pieces that fit.
      let rest = word;
      while (measure(rest) > maxWidth && rest.length > 1) {
        let n = rest.length - 1;
        while (n > 1 && measure(rest.slice(0, n)) > maxWidth) n--;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** A block of the column, placed: its top, height and what it holds. */
export type Placed =
  | { id: string; kind: 'text'; role: TextRole; start: number; top: number; height: number; size: number; lines: string[] }
  | {
      id: string;
      kind: 'stats';
      start: number;
      stagger: number;
      top: number;
      height: number;
      cards: { x: number; width: number; valueSize: number; labelSize: number; labelLines: string[] }[];
      stats: Extract<SceneElement, { kind: 'stats' }>['stats'];
    }
  | { id: string; kind: 'code' | 'pill'; start: number; top: number; height: number; width: number; size: number; text: string };

export type Layout = { size: FrameSize; unit: number; margin: number; placed: Placed[]; scale: number };

/** Space before a block, in units: more before the figures and the call to action. */
const gapBefore = (e: SceneElement) => (e.kind === 'stats' || e.kind === 'pill' ? 6 : e.kind === 'code' ? 1.5 : 3);

function place(scene: Scene, size: FrameSize, measure: Measure, scale: number): { placed: Placed[]; height: number; unit: number; margin: number } {
  const unit = (Math.min(size.width, size.height) / 100) * scale;
  const margin = size.width * 0.08;
  const maxWidth = size.width - 2 * margin;
  const placed: Placed[] = [];
  let y = 0;
  scene.elements.forEach((e, i) => {
    if (i > 0) y += gapBefore(e) * unit;
    if (e.kind === 'text') {
      const style = TEXT_STYLES[e.role];
      const px = style.size * unit;
      const lines = wrapText(e.text, maxWidth, (s) => measure(s, px, style.weight));
      const height = lines.length * px * LINE_HEIGHT;
      placed.push({ id: e.id, kind: 'text', role: e.role, start: e.start, top: y, height, size: px, lines });
      y += height;
    } else if (e.kind === 'stats') {
      const gap = 3 * unit;
      const n = e.stats.length;
      const cardWidth = Math.min(30 * unit * Math.max(1, size.width / size.height), (maxWidth - gap * (n - 1)) / n);
      const rowWidth = n * cardWidth + (n - 1) * gap;
      const valueSize = 8 * unit;
      const labelSize = 3.2 * unit;
      const cards = e.stats.map((s, k) => ({
        x: (size.width - rowWidth) / 2 + k * (cardWidth + gap),
        width: cardWidth,
        valueSize,
        labelSize,
        labelLines: wrapText(s.label, cardWidth - 2 * unit, (t) => measure(t, labelSize, 600)),
      }));
      const labelLines = Math.max(...cards.map((c) => c.labelLines.length));
      const height = 3 * unit + valueSize * LINE_HEIGHT + unit + labelLines * labelSize * LINE_HEIGHT + 3 * unit;
      placed.push({ id: e.id, kind: 'stats', start: e.start, stagger: e.stagger, top: y, height, cards, stats: e.stats });
      y += height;
    } else {
      const weight = e.kind === 'code' ? 800 : 700;
      const pad = (e.kind === 'code' ? 8 : 6) * unit;
      // A long code or call to action is drawn smaller rather than past the frame's margins.
      const wanted = (e.kind === 'code' ? 9 : 4.4) * unit;
      const natural = measure(e.text, wanted, weight);
      const px = natural + pad > maxWidth ? (wanted * (maxWidth - pad)) / natural : wanted;
      const width = Math.min(maxWidth, measure(e.text, px, weight) + pad);
      const height = px * (e.kind === 'code' ? 1.7 : 2.3);
      placed.push({ id: e.id, kind: e.kind, start: e.start, top: y, height, width, size: px, text: e.text });
      y += height;
    }
  });
  return { placed, height: y, unit, margin };
}

/**
 * Where every element of `scene` sits in a frame of `size`: a centred column, the same at every t (nothing
 * jumps as elements come in). When the column is taller than the frame leaves room for (long texts in
 * landscape), every size shrinks until it fits.
 */
export function layoutScene(scene: Scene, size: FrameSize, measure: Measure): Layout {
  // Below the brand line (BRAND_TOP, BRAND_UNITS high) and above the time line at the bottom.
  const unit0 = Math.min(size.width, size.height) / 100;
  const top = size.height * BRAND_TOP + (BRAND_UNITS + 3) * unit0;
  const bottom = size.height - size.height * 0.05;
  const room = bottom - top;
  let scale = 1;
  let result = place(scene, size, measure, scale);
  for (let i = 0; i < 8 && result.height > room; i++) {
    scale *= Math.max(0.5, room / result.height);
    result = place(scene, size, measure, scale);
  }
  const offset = top + Math.max(0, (room - result.height) / 2);
  return { size, unit: result.unit, margin: result.margin, scale, placed: result.placed.map((p) => ({ ...p, top: p.top + offset })) };
}

/** One thing to draw. Coordinates in the video's pixels; text at its top-centre (textBaseline 'top'). */
export type DrawOp =
  | { op: 'background'; colour: string; shade: string }
  | { op: 'circle'; x: number; y: number; r: number; colour: string; alpha: number }
  | { op: 'rect'; x: number; y: number; w: number; h: number; radius: number; colour: string; alpha: number; stroke?: { width: number; dash: number } }
  | { op: 'text'; text: string; x: number; y: number; size: number; weight: number; colour: string; alpha: number };

/**
 * Frame `t` (seconds) of a laid-out scene as draw operations: the moving background, the brand, then every
 * element that has started, fading and rising in over ENTER_S, figures counting up. Pure: the preview, the
 * recording and the poster all draw what this returns.
 */
export function frameAt(scene: Scene, layout: Layout, t: number): DrawOp[] {
  const { size, unit } = layout;
  const { colours } = scene;
  const { width: w, height: h } = size;
  const phase = (t / scene.duration) * Math.PI * 2;
  const ops: DrawOp[] = [
    { op: 'background', colour: colours.background, shade: colours.shade },
    { op: 'circle', x: w * (0.85 + 0.05 * Math.sin(phase)), y: h * (0.12 + 0.03 * Math.cos(phase)), r: 38 * unit, colour: colours.accent, alpha: 0.22 },
    { op: 'circle', x: w * (0.1 + 0.04 * Math.cos(phase)), y: h * (0.9 - 0.03 * Math.sin(phase)), r: 30 * unit, colour: colours.accent, alpha: 0.14 },
    // The time line along the bottom: the video's own progress (and a change in every frame).
    { op: 'rect', x: 0, y: h - 1.2 * unit, w: w * Math.min(1, t / scene.duration), h: 1.2 * unit, radius: 0, colour: colours.accent, alpha: 0.9 },
    {
      op: 'text',
      text: scene.brand,
      x: w / 2,
      y: h * BRAND_TOP,
      size: BRAND_UNITS * (Math.min(w, h) / 100),
      weight: 800,
      colour: colours.ink,
      alpha: ease(t / 0.4),
    },
  ];
  for (const p of layout.placed) {
    const progress = ease(enterProgress(p.start, t));
    if (progress <= 0) continue;
    const dy = (1 - progress) * 4 * unit;
    if (p.kind === 'text') {
      const style = TEXT_STYLES[p.role];
      const colour = colours[style.colour];
      p.lines.forEach((line, i) =>
        ops.push({ op: 'text', text: line, x: w / 2, y: p.top + dy + i * p.size * LINE_HEIGHT, size: p.size, weight: style.weight, colour, alpha: progress }),
      );
    } else if (p.kind === 'stats') {
      p.cards.forEach((card, k) => {
        const start = p.start + k * p.stagger;
        const a = ease(enterProgress(start, t));
        if (a <= 0) return;
        const cy = p.top + (1 - a) * 4 * unit;
        ops.push({ op: 'rect', x: card.x, y: cy, w: card.width, h: p.height, radius: 3 * unit, colour: colours.card, alpha: a });
        const cx = card.x + card.width / 2;
        ops.push({
          op: 'text',
          text: countUp(p.stats[k]!, start, t),
          x: cx,
          y: cy + 3 * unit,
          size: card.valueSize,
          weight: 800,
          colour: colours.accent,
          alpha: a,
        });
        card.labelLines.forEach((line, i) =>
          ops.push({
            op: 'text',
            text: line,
            x: cx,
            y: cy + 4 * unit + card.valueSize * LINE_HEIGHT + i * card.labelSize * LINE_HEIGHT,
            size: card.labelSize,
            weight: 600,
            colour: colours.muted,
            alpha: a,
          }),
        );
      });
    } else {
      const x = (w - p.width) / 2;
      const y = p.top + dy;
      if (p.kind === 'code') {
        ops.push({
          op: 'rect',
          x,
          y,
          w: p.width,
          h: p.height,
          radius: 2 * unit,
          colour: colours.accent,
          alpha: progress,
          stroke: { width: 0.8 * unit, dash: 2.5 * unit },
        });
        ops.push({ op: 'text', text: p.text, x: w / 2, y: y + (p.height - p.size) / 2, size: p.size, weight: 800, colour: colours.accent, alpha: progress });
      } else {
        ops.push({ op: 'rect', x, y, w: p.width, h: p.height, radius: p.height / 2, colour: colours.accent, alpha: progress });
        ops.push({ op: 'text', text: p.text, x: w / 2, y: y + (p.height - p.size) / 2, size: p.size, weight: 700, colour: colours.onAccent, alpha: progress });
      }
    }
  }
  return ops;
}
