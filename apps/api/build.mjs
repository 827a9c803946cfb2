// Bundles the API (and the workspace packages it imports) into dist/server.js.
// Third-party packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: {},
  plugins: [
    {
      name: 'bundle-workspace-packages',
      setup(b) {
        // Workspace packages export TypeScript source: bundle them, keep the rest external.
        b.onResolve({ filter: /^@samtalsmatch\// }, async (args) => {
          if (args.pluginData === 'resolving') return undefined;
          const result = await b.resolve(args.path, {
            kind: args.kind,
            resolveDir: args.resolveDir,
            pluginData: 'resolving',
          });
          return { path: result.path, external: false };
        });
      },
    },
  ],
  logLevel: 'warning',
});
