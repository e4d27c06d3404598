import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The login page's JavaScript budget (gzip), docs/PERFORMANCE.md. */
const INITIAL_JS_BUDGET_KB = 300;

interface OutputItem {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  source?: string | Uint8Array;
  isEntry?: boolean;
  imports?: string[];
}

const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Writes a gzip copy beside each script and style sheet, and prints every chunk's raw and gzip size after a build, then the JavaScript the first screen (the login page)
 * loads: the entry chunk and everything it imports statically (lazy routes excluded). Writes the same figures to
 * dist/chunk-sizes.json for scripts/web-vitals.mjs.
 */
export function chunkSizes(): Plugin {
  return {
    name: 'chunk-sizes',
    apply: 'build',
    writeBundle(options, bundle) {
      const items = Object.values(bundle) as unknown as OutputItem[];
      const dir = options.dir ?? 'dist';
      const sizes = new Map(
        items.map((item) => {
          const content = item.type === 'chunk' ? (item.code ?? '') : (item.source ?? '');
          const raw = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
          const gzip = gzipSync(raw, { level: 9 });
          // The server sends this file to clients that accept gzip (backend/src/common/http/precompressed-assets.ts).
          if (COMPRESSIBLE.test(item.fileName)) writeFileSync(join(dir, `${item.fileName}.gz`), gzip);
          return [item.fileName, { raw: raw.length, gzip: gzip.length }];
        }),
      );
      const rows = [...sizes].sort((a, b) => b[1].gzip - a[1].gzip);
      console.log('\nchunk sizes (KB):     raw     gzip');
      for (const [file, size] of rows) {
        console.log(`  ${file.padEnd(48)} ${kb(size.raw).padStart(8)} ${kb(size.gzip).padStart(8)}`);
      }
      const chunks = new Map(items.filter((i) => i.type === 'chunk').map((i) => [i.fileName, i]));
      const initial = new Set<string>();
      const visit = (file: string) => {
        if (initial.has(file)) return;
        initial.add(file);
        for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const initialGzip = [...initial].reduce((sum, file) => sum + (sizes.get(file)?.gzip ?? 0), 0);
      const verdict = initialGzip / 1024 <= INITIAL_JS_BUDGET_KB ? 'within' : 'OVER';
      console.log(
        `login page JavaScript: ${kb(initialGzip)} KB gzip in ${initial.size} chunks ` +
          `(${verdict} the ${INITIAL_JS_BUDGET_KB} KB budget)\n`,
      );
      const report = {
        initialJsGzipBytes: initialGzip,
        initialChunks: [...initial],
        chunks: Object.fromEntries(rows),
      };
      writeFileSync(join(dir, 'chunk-sizes.json'), JSON.stringify(report, null, 2));
    },
  };
}
