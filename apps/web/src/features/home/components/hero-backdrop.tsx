import { useEffect, useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { HERO_ROTATION_MS } from '@openride/shared/constants';
import { uiText } from '@openride/shared/ui-text';
import { cn } from '@/lib/cn';
import { HERO_IMAGES, HERO_PRELOAD_LEAD_MS, heroSrc, WIDE_MEDIA } from '../hero-images';
import { useMediaQuery } from '../hooks/use-media-query';
import { usePageVisible } from '../hooks/use-page-visible';

/**
 * Overlays that keep hero text at WCAG AA over every image: wherever text can sit, the overlay is at
 * least 72% ink-950 (scripts/generate-images.mjs checks each image's brightest pixel against that:
 * ≥ 8.5:1 for white, ≥ 5.7:1 for ink-300). Phones: a light veil here plus a backdrop that travels with
 * the text block (HERO_TEXT_BACKDROP, in home-page.tsx), so the picture stays bright above the text.
 * Wider screens: text is on the left, the right side opens up.
 */
const PHONE_VEIL = 'rgb(2 6 23 / 0.2)';
const WIDE_OVERLAY =
  'linear-gradient(to right, rgb(2 6 23 / 0.88) 0, rgb(2 6 23 / 0.72) max(46rem, calc(50% + 10rem)), rgb(2 6 23 / 0.3) 100%), linear-gradient(to top, rgb(2 6 23 / 0.35), transparent 30%)';
/** Over the veil: 1 − (1 − 0.2)(1 − 0.65) = 0.72 from the top of the text down. Starts 6rem above the text. */
export const HERO_TEXT_BACKDROP = 'linear-gradient(to bottom, rgb(2 6 23 / 0) 0, rgb(2 6 23 / 0.65) 6rem, rgb(2 6 23 / 0.75) 100%)';

function HeroPicture({ index, active, onLoad }: { index: number; active: boolean; onLoad: (index: number) => void }) {
  const name = HERO_IMAGES[index]!;
  const first = index === 0;
  return (
    <picture
      data-hero-image={name}
      data-active={active}
      className={cn(
        'absolute inset-0 transition-[opacity,scale] ease-out motion-reduce:transition-none',
        // Fades in while settling from a slight zoom; once faded out, it resets its zoom unseen.
        active ? 'scale-100 opacity-100 duration-[1200ms,7000ms]' : 'scale-105 opacity-0 duration-[1200ms,0ms] delay-[0ms,1200ms]',
      )}
    >
      <source media={WIDE_MEDIA} srcSet={heroSrc(name, 1280)} width={1280} height={800} />
      <img
        src={heroSrc(name, 640)}
        width={640}
        height={960}
        alt=""
        // Only the first image is part of the first paint; the others are fetched just before their turn.
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? 'auto' : 'async'}
        onLoad={() => onLoad(index)}
        className="size-full object-cover"
      />
    </picture>
  );
}

/**
 * The hero's rotating background (§1: every 5000 ms). Each image is mounted (and so requested) only
 * HERO_PRELOAD_LEAD_MS before its turn, and shown only once it has loaded, so a slow network delays
 * a change rather than flashing an empty frame. No rotation with prefers-reduced-motion, in a
 * background tab, or after the pause button (WCAG 2.2.2).
 */
export function HeroBackdrop() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const visible = usePageVisible();
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const paused = userPaused ?? reducedMotion;

  const [active, setActive] = useState(0);
  const [mounted, setMounted] = useState<readonly number[]>([0]);
  const loaded = useRef(new Set<number>());
  /** The image whose turn came before it finished loading: shown by its onLoad. */
  const due = useRef<number | null>(null);

  const onLoad = (index: number) => {
    loaded.current.add(index);
    if (due.current === index) {
      due.current = null;
      setActive(index);
    }
  };

  useEffect(() => {
    if (paused || !visible) return;
    const next = (active + 1) % HERO_IMAGES.length;
    const preload = window.setTimeout(() => setMounted((list) => (list.includes(next) ? list : [...list, next])), HERO_ROTATION_MS - HERO_PRELOAD_LEAD_MS);
    const advance = window.setTimeout(() => {
      if (loaded.current.has(next)) setActive(next);
      else {
        due.current = next;
        setMounted((list) => (list.includes(next) ? list : [...list, next]));
      }
    }, HERO_ROTATION_MS);
    return () => {
      window.clearTimeout(preload);
      window.clearTimeout(advance);
      due.current = null;
    };
  }, [active, paused, visible]);

  return (
    <>
      <div aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden bg-ink-950" data-hero-backdrop="">
        {mounted.map((index) => (
          <HeroPicture key={index} index={index} active={index === active} onLoad={onLoad} />
        ))}
        <div className="absolute inset-0 md:hidden" style={{ backgroundColor: PHONE_VEIL }} />
        <div className="absolute inset-0 hidden md:block" style={{ backgroundImage: WIDE_OVERLAY }} />
      </div>
      <button
        type="button"
        onClick={() => setUserPaused(!paused)}
        aria-label={paused ? uiText.home.playBackdrop : uiText.home.pauseBackdrop}
        className="absolute top-3 right-3 z-10 flex size-10 items-center justify-center rounded-full bg-ink-950/60 text-white ring-1 ring-white/20 backdrop-blur transition hover:bg-ink-950/80 sm:top-5 sm:right-5"
      >
        {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
      </button>
    </>
  );
}
