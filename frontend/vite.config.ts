import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor code is split by family so a change in app code does not bust the cache of the big, stable
// libraries. Rolldown's codeSplitting groups (not the deprecated manualChunks, which produced chunks
// that imported each other in a cycle and left the page blank) keep each group's dependencies consistent.
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
    priority: 30,
  },
  { name: 'vendor-mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, priority: 20 },
  { name: 'vendor-ra', test: /node_modules[\\/](react-admin|ra-[a-z-]+|@tanstack)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
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
