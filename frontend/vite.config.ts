import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor code is split by family so the login page only pulls what it renders,
// and a change in app code does not bust the cache of the big, stable libraries.
const vendorChunks: Record<string, string[]> = {
  'vendor-react': ['react', 'react-dom', 'react-router', 'react-router-dom', 'scheduler'],
  'vendor-mui': ['@mui/material', '@mui/system', '@mui/utils', '@mui/icons-material', '@emotion'],
  'vendor-ra': ['react-admin', 'ra-core', 'ra-ui-materialui', 'ra-data-simple-rest', 'ra-i18n-polyglot', '@tanstack'],
  'vendor-charts': ['recharts', 'd3-'],
  'vendor-stripe': ['@stripe'],
};

function chunkFor(id: string): string | undefined {
  const marker = 'node_modules/';
  const at = id.lastIndexOf(marker);
  if (at === -1) return undefined;
  const pkgPath = id.slice(at + marker.length);
  for (const [chunk, prefixes] of Object.entries(vendorChunks)) {
    if (prefixes.some((prefix) => pkgPath === prefix || pkgPath.startsWith(prefix.endsWith('-') ? prefix : `${prefix}/`))) {
      return chunk;
    }
  }
  return undefined;
}

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
    rollupOptions: {
      output: {
        manualChunks: chunkFor,
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
