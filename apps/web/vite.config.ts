import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Preloads the self-hosted font (src/index.css) from the built page, so the
 * browser fetches it with the stylesheet instead of after the first layout:
 * the text is drawn in it from the start on most visits, and the swap from
 * the metric-matched fallback moves nothing on the rest.
 */
function preloadFont(): Plugin {
  return {
    name: 'samtalsmatch-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /source-sans-3-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('The self-hosted font is missing from the build');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFont()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // apps/api's dev script sets PUBLIC_URL to this origin (the API sits behind this proxy).
    port: 5173,
    strictPort: true,
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget },
      '/dev': { target: apiTarget },
      '/oidc': { target: apiTarget },
    },
  },
  build: {
    // No source maps in the built app (the server refuses *.map too); `SOURCEMAP=true` for a local look.
    sourcemap: process.env.SOURCEMAP === 'true',
    target: 'es2022',
    // Every browser we support (es2022) preloads modules itself: no polyfill in the landing's JavaScript.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // zod's published build puts /* @__PURE__ */ annotations where Rollup cannot
      // use them; Rollup drops them and says so twice on every build. Nothing of
      // ours is affected, and the warning cannot be fixed here, so only that
      // warning, only for zod's files, is left out: every other warning still shows.
      onwarn(warning, warn) {
        if (
          warning.code === 'INVALID_ANNOTATION' &&
          /[\\/]node_modules[\\/].*zod[\\/]/.test(warning.id ?? '')
        ) {
          return;
        }
        warn(warning);
      },
      output: {
        // React, React DOM and React Router change far less often than our own
        // code: a chunk of their own stays cached across deploys.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) {
            return 'react';
          }
          return undefined;
        },
      },
    },
  },
});
