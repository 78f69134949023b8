import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

// The client imports proto's rules from source, so a rule lives in one place (DESIGN.md). Proto's CSV writer uses
// csv-stringify, whose default build reads Node's Buffer when it loads; its browser build carries its own.
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@promptloom/proto': path.resolve(__dirname, '../proto/src/index.ts'),
      'csv-stringify/sync': 'csv-stringify/browser/esm/sync',
    },
  },
  server: {
    proxy: {
      '/graphql': { target: 'http://localhost:4000', ws: true },
      '/api': 'http://localhost:4000',
    },
  },
  build: { outDir: 'dist', sourcemap: true, emptyOutDir: true },
});
