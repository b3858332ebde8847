import { StatusPage } from './status-page.tsx';

const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

/** A new deployment removed the code this page asked for, or the network dropped mid-navigation. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_FAILURE.test(error.message);
}

/** Spec part 1 §2: a 404-style page whose link loads the current version of the landing page. */
export function ChunkLoadErrorPage() {
  return <StatusPage code={404} messages="errors.chunkLoad" testId="chunk-load-error" reloadDocument />;
}
