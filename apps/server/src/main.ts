import { loadConfigOrExit, useProductionLibraries } from './runtime.ts';

const config = loadConfigOrExit();
useProductionLibraries();
const { serve } = await import('./serve.ts');

// `--no-http`: the same process as `worker.ts`, for platforms that start one command with flags.
await serve(
  config,
  { options: async () => ({ mode: 'production' }) },
  { http: !process.argv.includes('--no-http') },
);
