import { useCallback, useState } from 'react';

function adding(names: string[]) {
  return (previous: ReadonlySet<string>) =>
    names.every((name) => previous.has(name)) ? previous : new Set([...previous, ...names]);
}

/**
 * The fields a person has left or tried to submit (their errors may show), and those edited since
 * the last submit (the server's errors about them no longer apply).
 */
export function useTouched() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const touch = useCallback((...names: string[]) => setTouched(adding(names)), []);
  const edit = useCallback((name: string) => setEdited(adding([name])), []);
  const submitted = useCallback(() => setEdited(new Set()), []);
  const reset = useCallback(() => {
    setTouched(new Set());
    setEdited(new Set());
  }, []);
  return { touched, touch, edited, edit, submitted, reset };
}

/** Puts the keyboard on the first field with an error after a refused submit. */
export function focusFirstInvalid(form: HTMLFormElement, fields: readonly string[]): void {
  for (const name of fields) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/**
 * The submit guard of the account forms: an invalid form is not sent; its fields with errors are
 * marked touched (so their messages show) and the first of them gets the focus. True when blocked.
 */
export function blockInvalidSubmit(
  event: { preventDefault(): void; currentTarget: HTMLFormElement },
  check: { ok: boolean; errors?: Record<string, string> },
  touch: (...fields: string[]) => void,
  fieldOrder: readonly string[],
): boolean {
  if (check.ok) return false;
  const errors = check.errors ?? {};
  event.preventDefault();
  touch(...Object.keys(errors));
  focusFirstInvalid(
    event.currentTarget,
    fieldOrder.filter((field) => field in errors),
  );
  return true;
}
