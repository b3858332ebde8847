import { type RefObject, useEffect } from 'react';

/**
 * When a form is replaced by its outcome ("link sent", "password changed"), the keyboard and the
 * screen reader move to the new heading instead of staying on a button that is gone. Off on a
 * page's first load, where focus belongs at the top of the document.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [ref, enabled]);
}
