import { useEffect, useId } from 'react';

// Spec part 1 §4: each component asks for its own lock; the page scrolls only when nobody holds one.
const holders = new Set<string>();

function apply() {
  document.documentElement.classList.toggle('scroll-locked', holders.size > 0);
}

export function useScrollLock(active: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!active) return;
    holders.add(id);
    apply();
    return () => {
      holders.delete(id);
      apply();
    };
  }, [active, id]);
}
