import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { serverRoot } from './paths.ts';
import { loadConfigOrExit } from './runtime.ts';
import { serve } from './serve.ts';

// `npm run dev`: the same server, with the web app compiled on demand by Vite and hot-reloaded.
let vite: ViteDevServer | undefined;
const webRoot = path.join(serverRoot, '..', 'web');

// The development mailbox is on (unless DEV_MAILBOX says otherwise): `npm run dev` is never public.
await serve(loadConfigOrExit({ DEV_MAILBOX: 'true' }), {
  async options() {
    const { createServer } = await import('vite');
    vite = await createServer({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    return { mode: 'development', vite };
  },
  close: async () => vite?.close(),
});
