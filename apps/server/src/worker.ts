import { loadConfigOrExit } from './runtime.ts';
import { serve } from './serve.ts';

// `npm run worker`: migrations and background jobs, no HTTP, so jobs can run in processes of their
// own beside web processes started with JOBS_WORKERS=false.
await serve(loadConfigOrExit(), { options: async () => ({ mode: 'production' }) }, { http: false });
