import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { RideMapProps } from './ride-map-types';

// Not even the map's wrapper is in the page's bundle: it loads, and Leaflet after it, once the map is in view.
const RideMap = lazy(() => import('./ride-map').then((m) => ({ default: m.RideMap })));

/**
 * A map that costs nothing until it scrolls into view (IntersectionObserver): before that, a box of the same
 * size saying `placeholder`, so nothing shifts when it arrives. A browser without IntersectionObserver gets
 * the map at once.
 */
export function MapWhenVisible({ placeholder, className, ...props }: RideMapProps & { placeholder: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  const waiting = (
    <div className="flex size-full items-center justify-center bg-ink-100 p-4 text-center text-sm text-ink-600">
      <p>{placeholder}</p>
    </div>
  );
  return (
    <div ref={box} className={cn('relative overflow-hidden', className)}>
      {visible ? (
        <Suspense fallback={waiting}>
          <RideMap {...props} className="size-full" />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}
