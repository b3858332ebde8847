import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

/**
 * How far the server's clock is ahead of the browser's (docs/decisions/0016: the API reads one
 * clock, which tests may move). The exception modal offers times "from now on" by the server's
 * clock, so what it offers is what the API takes.
 */
const ServerClockOffset = createContext(0);

export function ServerClockProvider({ serverNow, children }: { serverNow: string; children: ReactNode }) {
  // Measured once, when the page's data arrives; from there the browser's clock keeps time.
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  return <ServerClockOffset.Provider value={offset}>{children}</ServerClockOffset.Provider>;
}

/** The server's time now, as well as the browser can tell. */
export function useServerNow(): () => Date {
  const offset = useContext(ServerClockOffset);
  return useCallback(() => new Date(Date.now() + offset), [offset]);
}
