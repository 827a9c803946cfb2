import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
