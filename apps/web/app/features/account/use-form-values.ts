import { useCallback, useEffect, useRef, useState } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

function fieldOf(form: HTMLFormElement | null, name: string): Field | null {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
}

/**
 * The current text of a form's fields, for the rules that need it before a submit (disabled
 * buttons, the confirm-changes section). The inputs stay uncontrolled (`defaultValue`): React would
 * reset controlled inputs when the page hydrates, wiping what someone typed while the script was
 * still loading; that text is read from the inputs once the page runs instead.
 */
export function useFormValues<T extends { [K in keyof T]: string }>(initial: T) {
  const form = useRef<HTMLFormElement>(null);
  // The inputs' `defaultValue`: kept as first given, since a changed default would rewrite a field
  // the person has not edited yet.
  const [defaults] = useState(initial);
  const [values, setValues] = useState(initial);

  useEffect(() => {
    setValues((previous) => {
      let next = previous;
      for (const name of Object.keys(previous) as (keyof T & string)[]) {
        const field = fieldOf(form.current, name);
        if (field && field.value !== previous[name]) next = { ...next, [name]: field.value };
      }
      return next;
    });
  }, []);

  const set = useCallback((name: keyof T & string, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
  }, []);

  /** Puts new text in the fields (a form emptied after success, or showing what was saved). */
  const replace = useCallback((next: T) => {
    for (const name of Object.keys(next) as (keyof T & string)[]) {
      const field = fieldOf(form.current, name);
      if (field) field.value = next[name];
    }
    setValues(next);
  }, []);

  return { form, defaults, values, set, replace };
}
