import { useEffect, useRef, useState } from 'react';

/**
 * Renders a long list a screenful at a time: the first `step` items, then `step` more whenever the
 * sentinel placed after them comes within about two screens of the viewport. A new list (another
 * search) starts again from the top. With thousands of gyms this keeps the first render and every
 * keystroke cheap, since only what the visitor can reach is in the DOM.
 */
export function useProgressiveList<T>(items: readonly T[], step = 48) {
  const [limit, setLimit] = useState(step);
  const [source, setSource] = useState(items);
  if (source !== items) {
    // Adjusting state during render (not in an effect) so the new list never renders at the old length.
    setSource(items);
    setLimit(step);
  }
  const sentinelRef = useRef<HTMLDivElement>(null);
  const hasMore = limit < items.length;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((n) => n + step);
      },
      { rootMargin: '1500px 0px' },
    );
    observer.observe(sentinel);
    // Re-observing after each growth fires again while the sentinel is still in reach (tall screens).
    return () => observer.disconnect();
  }, [hasMore, limit, step]);

  return { visible: items.slice(0, limit), hasMore, sentinelRef };
}
