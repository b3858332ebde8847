import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root.tsx';

/** The root loader's data (config, viewer, consent) for components anywhere in the shell. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('The root loader data is missing');
  return data;
}
