import { useEffect, useState } from 'react';

/**
 * Where to go after the form: the path and search arrive from the server, the hash only exists in
 * the browser, so it is added once the page runs.
 */
export function ReturnFields({ returnTo }: { returnTo: string }) {
  const [hash, setHash] = useState('');
  useEffect(() => setHash(window.location.hash), []);
  return (
    <>
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="returnHash" value={hash} />
    </>
  );
}
