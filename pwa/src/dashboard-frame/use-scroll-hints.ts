import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollHints, type ScrollHints } from './scroll-hints.ts';

/**
 * Tracks whether the strip behind `ref` hides items at either end (on scroll and resize), and brings
 * the current section's link into view whenever the route changes, so a phone always shows where
 * the visitor is and that there is more.
 */
export function useScrollHints<Strip extends HTMLElement>() {
  const ref = useRef<Strip>(null);
  const [hints, setHints] = useState<ScrollHints>({ before: false, after: false });
  const { pathname } = useLocation();

  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = () => {
      const next = scrollHints(strip.scrollLeft, strip.clientWidth, strip.scrollWidth);
      setHints((prev) => (prev.before === next.before && prev.after === next.after ? prev : next));
    };
    update();
    strip.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const strip = ref.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    // Scroll the strip only (scrollIntoView would also move the page).
    const left = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
    strip.scrollTo({ left: Math.max(0, left) });
  }, [pathname]);

  return { ref, hints };
}
