import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/v1': `http://127.0.0.1:${apiPort}`, '/files': `http://127.0.0.1:${apiPort}` } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' } },
      { extends: true, test: { name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/ui/setup.ts'], testTimeout: 30000 } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60000, hookTimeout: 120000, fileParallelism: false } },
      { extends: true, test: { name: 'schema', include: ['tests/schema/**/*.test.ts', 'tests/schema/**/*.test.tsx'], environment: 'node', testTimeout: 60000, hookTimeout: 120000 } },
    ],
  },
});
