import { loadConfigOrExit, useProductionLibraries } from './runtime.ts';

const config = loadConfigOrExit();
useProductionLibraries();
const { serve } = await import('./serve.ts');

// `npm run worker`: migrations and background jobs, no HTTP, so jobs can run in processes of their
// own beside web processes started with JOBS_WORKERS=false.
await serve(config, { options: async () => ({ mode: 'production' }) }, { http: false });
