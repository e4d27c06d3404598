import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkSizes } from './chunk-sizes';

// React and its router, which change least, get a chunk of their own so an app release does not bust their
// cache. MUI and react-admin are left to the bundler's own splitting: as groups, every MUI or react-admin module
// any lazy page uses went into one chunk the login page had to load (295 KB gzip of first-load JavaScript against
// 286 KB without, a gap that grows with every screen; docs/PERFORMANCE.md). Rolldown's codeSplitting groups (not the
// deprecated manualChunks, which produced chunks that imported each other in a cycle and left the page blank).
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
    priority: 30,
  },
];

export default defineConfig({
  plugins: [react(), chunkSizes()],
  resolve: {
    alias: {
      // The IFTA math lives in the backend and is shared so the browser shows the same numbers the server saves.
      '@ifta': fileURLToPath(new URL('../backend/src/ifta', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
