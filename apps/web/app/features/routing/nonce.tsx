import { createContext, useContext } from 'react';

/** The CSP nonce of the current server render; empty in the browser, where scripts already ran. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
