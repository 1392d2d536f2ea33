import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Armchair, BadgeCheck, ChevronLeft, ChevronRight, Smartphone, UserRoundCheck, type LucideIcon } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { cn } from '@/lib/cn';

const { slides } = messages.home;
const { carousel } = uiText.home;
const COUNT = slides.length;

const looks: ReadonlyArray<{ Icon: LucideIcon; panel: string }> = [
  { Icon: UserRoundCheck, panel: 'from-ink-900 via-ink-800 to-brand-700' },
  { Icon: Smartphone, panel: 'from-ink-900 via-indigo-950 to-indigo-700' },
  { Icon: Armchair, panel: 'from-ink-900 via-ink-800 to-amber-700' },
  { Icon: BadgeCheck, panel: 'from-ink-900 via-ink-900 to-sky-700' },
];

/** A horizontal drag longer than this changes the slide; shorter ones spring back. */
const SWIPE_PX = 48;

/**
 * §1 four-slide carousel (WAI-ARIA APG carousel pattern): previous/next buttons, one dot per slide,
 * ArrowLeft/ArrowRight while any of its controls has focus, swipe (pointer events: touch, pen or
 * mouse drag), and a polite live region naming the slide. It never moves on its own.
 */
export function SlidesCarousel() {
  const [index, setIndex] = useState(0);
  const [dragX, setDragX] = useState(0);
  const drag = useRef<{ id: number; startX: number; startY: number; horizontal: boolean | null } | null>(null);
  const dots = useRef<Array<HTMLButtonElement | null>>([]);

  const go = (to: number, focusDot = false) => {
    const next = (to + COUNT) % COUNT;
    setIndex(next);
    if (focusDot) dots.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const onDot = dots.current.includes(event.target as HTMLButtonElement);
    go(index + (event.key === 'ArrowRight' ? 1 : -1), onDot);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = { id: event.pointerId, startX: event.clientX, startY: event.clientY, horizontal: null };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    const dx = event.clientX - state.startX;
    const dy = event.clientY - state.startY;
    // Decide once per gesture: mostly vertical is a page scroll, left to the browser (touch-action: pan-y).
    if (state.horizontal === null && Math.hypot(dx, dy) > 8) {
      state.horizontal = Math.abs(dx) > Math.abs(dy);
      if (state.horizontal) event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (state.horizontal) setDragX(dx);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled = false) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    drag.current = null;
    const dx = event.clientX - state.startX;
    setDragX(0);
    if (!cancelled && state.horizontal && Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <section aria-roledescription="carousel" aria-labelledby="slides-title" onKeyDown={onKeyDown} className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="slides-title" className="text-center text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">
        {uiText.home.slidesTitle}
      </h2>

      <div
        className="mt-10 touch-pan-y overflow-hidden rounded-3xl select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event)}
        onPointerCancel={(event) => endDrag(event, true)}
        data-carousel-viewport=""
      >
        <div
          id="home-slides"
          aria-live="off"
          className={cn('flex', dragX === 0 && 'transition-transform duration-500 ease-out motion-reduce:transition-none')}
          style={{ transform: `translateX(calc(${-index * 100}% + ${dragX}px))` }}
        >
          {slides.map((title, i) => {
            const { Icon, panel } = looks[i]!;
            const current = i === index;
            return (
              <div
                key={title}
                role="group"
                aria-roledescription="slide"
                aria-label={carousel.goTo(i + 1, COUNT)}
                aria-hidden={!current}
                inert={!current}
                data-current={current}
                className="w-full shrink-0"
              >
                <div
                  className={cn(
                    'relative isolate flex min-h-72 flex-col justify-end overflow-hidden bg-gradient-to-br p-6 text-white sm:min-h-80 sm:p-10',
                    panel,
                  )}
                >
                  <Icon aria-hidden="true" className="absolute -top-6 -right-6 -z-10 size-56 text-white/10 sm:size-72" strokeWidth={1.25} />
                  <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/20 backdrop-blur">
                    <Icon className="size-7" aria-hidden="true" />
                  </span>
                  <h3 className="text-2xl font-bold first-letter:uppercase sm:text-3xl">{title}</h3>
                  <p className="mt-2 max-w-xl text-base text-ink-50 sm:text-lg">{uiText.home.slideTexts[i]}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      <div className="mt-5 flex items-center justify-between gap-4">
        <button
          type="button"
          aria-label={carousel.previous}
          aria-controls="home-slides"
          onClick={() => go(index - 1)}
          className="flex size-11 items-center justify-center rounded-full border border-ink-200 bg-white text-ink-800 shadow-xs transition hover:bg-ink-50"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <div role="group" aria-label={carousel.slides} className="flex items-center gap-1">
          {slides.map((title, i) => (
            <button
              key={title}
              ref={(node) => {
                dots.current[i] = node;
              }}
              type="button"
              aria-label={carousel.goTo(i + 1, COUNT)}
              aria-controls="home-slides"
              aria-current={i === index ? 'true' : undefined}
              tabIndex={i === index ? 0 : -1}
              onClick={() => go(i)}
              className="group flex size-8 items-center justify-center rounded-full"
            >
              <span className={cn('h-2 rounded-full transition-all', i === index ? 'w-6 bg-ink-900' : 'w-2 bg-ink-300 group-hover:bg-ink-400')} />
            </button>
          ))}
        </div>
        <button
          type="button"
          aria-label={carousel.next}
          aria-controls="home-slides"
          onClick={() => go(index + 1)}
          className="flex size-11 items-center justify-center rounded-full border border-ink-200 bg-white text-ink-800 shadow-xs transition hover:bg-ink-50"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>

      <p aria-live="polite" aria-atomic="true" className="sr-only" data-carousel-status="">
        {carousel.position(index + 1, COUNT, slides[index]!)}
      </p>
    </section>
  );
}
