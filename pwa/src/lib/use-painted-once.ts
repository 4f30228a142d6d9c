import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true from a render in a task of its own after the browser
 * painted the first (a plain effect runs after paint): a page shows its top at once and renders a
 * costly part below it next, so neither render is one long task (decision 168).
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return painted;
}
