import { type PointerEvent, useRef } from 'react';
import { gestureOf, indexAfterGesture } from './gallery-navigation.ts';

/**
 * Swipes between photos on touch screens and with pens (mouse drags stay ordinary clicks). The
 * browser still sends a click after a swipe: `swiped()` tells the click handler to ignore it.
 */
export function useSwipe(index: number, count: number, show: (index: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const justSwiped = useRef(false);
  return {
    handlers: {
      onPointerDown(event: PointerEvent) {
        if (event.pointerType === 'mouse') return;
        start.current = { x: event.clientX, y: event.clientY };
        justSwiped.current = false;
      },
      onPointerUp(event: PointerEvent) {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const next = indexAfterGesture(
          gestureOf(event.clientX - from.x, event.clientY - from.y),
          index,
          count,
        );
        if (next === null) return;
        justSwiped.current = true;
        show(next);
      },
      onPointerCancel() {
        start.current = null;
      },
    },
    swiped(): boolean {
      const swiped = justSwiped.current;
      justSwiped.current = false;
      return swiped;
    },
  };
}
