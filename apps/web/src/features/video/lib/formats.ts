/** The three templates and three formats of /video-assets-generator (decision 0060). */
export const TEMPLATE_IDS = ['city_launch', 'driver_recruitment', 'promotion'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export const FORMAT_IDS = ['vertical', 'square', 'landscape'] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export type FrameSize = { width: number; height: number };

/** Pixels of the rendered video: stories and reels, feeds, and screens. */
export const FORMATS: Record<FormatId, FrameSize> = {
  vertical: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
  landscape: { width: 1920, height: 1080 },
};

/** Seconds of every template: long enough to read every line, short enough for a story. */
export const SCENE_DURATION_S = 7;

/** The app's theme (apps/web/src/index.css): ink-900 for structure, emerald brand-500 as the accent. */
export const DEFAULT_PRIMARY = '#0f172a';
export const DEFAULT_ACCENT = '#10b981';
