// Bundles the server (and the workspace packages it imports, which ship as TypeScript) into one
// ES module; npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'cli/migrate': 'src/cli/migrate.ts',
    'cli/seed': 'src/cli/seed.ts',
    'cli/ops': 'src/cli/ops.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Entry points import the server after choosing the libraries' build: that import stays lazy.
  splitting: true,
  sourcemap: true,
  plugins: [
    {
      // Workspace packages (`@hora/*`) are TypeScript sources and get bundled; everything else
      // imported by bare name is an npm dependency and stays external.
      name: 'externalise-npm-dependencies',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@hora/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
