import { loadConfigOrExit } from './runtime.ts';
import { serve } from './serve.ts';

// `--no-http`: the same process as `worker.ts`, for platforms that start one command with flags.
await serve(
  loadConfigOrExit(),
  { options: async () => ({ mode: 'production' }) },
  { http: !process.argv.includes('--no-http') },
);
