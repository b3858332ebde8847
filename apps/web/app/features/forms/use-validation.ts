import { useEffect, useState } from 'react';

/** The domain core's zod schemas (the API validates with the same ones). */
export type Validation = typeof import('@hora/core/validation');

let loaded: Validation | null = null;
let loading: Promise<Validation> | null = null;

/**
 * Loads the validation schemas once, when the person first acts on the page (a key, a pointer, an
 * input): zod and the phone metadata are about 60 KB compressed, so a visit that only reads never
 * downloads them (first-load budget: 150 KB), and they arrive while the person starts typing. Focus
 * alone does not count: a field focused on mount is no sign of anyone typing. Until then forms show
 * no client-side errors; the API checks every submission anyway.
 */
export function loadValidation(): Promise<Validation> {
  loading ??= import('@hora/core/validation').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** What counts as the person acting on the page. */
export const FIRST_ACTION_EVENTS = ['keydown', 'pointerdown', 'input'] as const;

/**
 * Calls `onLoaded` with the schemas once they are loaded: at once if another form already asked for
 * them, else after the first action on `target` (the document). Returns the clean-up.
 */
export function loadOnFirstAction(
  target: EventTarget,
  onLoaded: (validation: Validation) => void,
  load: () => Promise<Validation> = loadValidation,
): () => void {
  let active = true;
  const start = () => {
    stopListening();
    void load().then((module) => {
      if (active) onLoaded(module);
    });
  };
  const stopListening = () => {
    for (const type of FIRST_ACTION_EVENTS) target.removeEventListener(type, start, { capture: true });
  };
  if (loading) start();
  else for (const type of FIRST_ACTION_EVENTS) target.addEventListener(type, start, { capture: true });
  return () => {
    active = false;
    stopListening();
  };
}

export function useValidation(): Validation | null {
  const [validation, setValidation] = useState<Validation | null>(loaded);
  useEffect(() => (validation ? undefined : loadOnFirstAction(document, setValidation)), [validation]);
  return validation;
}

/** What a form shows before the schemas have loaded: no client-side errors. */
export const NOT_YET_CHECKED = { ok: true } as const;
