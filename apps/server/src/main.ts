import { loadConfigOrExit } from './runtime.ts';
import { serve } from './serve.ts';

await serve(loadConfigOrExit(), { options: async () => ({ mode: 'production' }) });
