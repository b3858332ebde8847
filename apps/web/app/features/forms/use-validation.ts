import { useEffect, useState } from 'react';

/** The domain core's zod schemas (the API validates with the same ones). */
export type Validation = typeof import('@hora/core/validation');

let loaded: Validation | null = null;
let loading: Promise<Validation> | null = null;

/**
 * Loads the validation schemas once, after the page is interactive: zod is about 30 KB gzipped, so
 * it stays out of the first load (budget: 150 KB) and arrives while the person starts typing. Until
 * then forms show no client-side errors; the API checks every submission anyway.
 */
export function loadValidation(): Promise<Validation> {
  loading ??= import('@hora/core/validation').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

export function useValidation(): Validation | null {
  const [validation, setValidation] = useState<Validation | null>(loaded);
  useEffect(() => {
    if (validation) return;
    let active = true;
    void loadValidation().then((module) => {
      if (active) setValidation(module);
    });
    return () => {
      active = false;
    };
  }, [validation]);
  return validation;
}

/** What a form shows before the schemas have loaded: no client-side errors. */
export const NOT_YET_CHECKED = { ok: true } as const;
