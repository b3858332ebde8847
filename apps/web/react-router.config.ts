import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Loaders and actions read `request.url` as the page's URL (auth tab, return path, tokens); passed
    // through, a client navigation's request would carry `.data` and `_routes` instead.
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
    // Middleware replaces the plain load context the server hands every loader; adopt it deliberately.
    v8_middleware: false,
  },
} satisfies Config;
