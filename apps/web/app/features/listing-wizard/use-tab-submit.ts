import type { OwnListingView } from '@hora/core/listing';
import { useCallback, useEffect, useState } from 'react';
import type { FormErrors } from '../forms/api-errors.ts';
import { type ApiAnswer, callApi } from './listing-api.ts';

/**
 * Sends a tab's form to the API and reports the saved listing. The typed values live in the
 * form, untouched by a failure; the API's errors are kept until the next submit.
 */
export function useTabSubmit(onSaved: (listing: OwnListingView) => void) {
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors | undefined>(undefined);

  const submit = useCallback(
    async (method: 'POST' | 'PUT', path: string, body: unknown): Promise<ApiAnswer<OwnListingView>> => {
      setSaving(true);
      setServerErrors(undefined);
      const answer = await callApi<OwnListingView>(method, path, body);
      setSaving(false);
      if (answer.ok) onSaved(answer.data);
      else setServerErrors(answer.errors);
      return answer;
    },
    [onSaved],
  );

  return { saving, serverErrors, submit };
}

/**
 * False during the server render and until the page's script runs: the tab forms save through
 * the API from the browser, so their buttons wait for it (a native submit would go nowhere).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
