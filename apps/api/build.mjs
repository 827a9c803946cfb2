// Bundles the API and the workspace packages it imports (they export TypeScript
// source) into dist/server.js. Every third-party package stays in node_modules:
// apps/api must list it as a dependency too (also what contracts imports, such as
// @zxcvbn-ts/*), or Node cannot resolve it from dist/ at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'externalise-third-party',
      setup(b) {
        // A bare specifier that is not one of ours: leave it to Node at run time.
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@samtalsmatch/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
  logLevel: 'warning',
});
