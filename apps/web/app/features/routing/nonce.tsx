import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current server render. In the browser it is '', which is also what the
 * DOM reports for a nonce attribute (browsers hide its value), so hydration sees no difference.
 */
export const NonceContext = createContext<string>('');

export function useNonce(): string {
  return useContext(NonceContext);
}
