// Which packages each built chunk is made of, for the bundle report: a Vite plugin writing
// dist/.vite/packages.json, `{ "assets/x.js": { "react-dom": 12345, "shell": 678 } }`, the size of
// each package's part of each chunk, minified and gzipped on its own. The report splits a file's
// real gzip size in these proportions. Code under web/src and web/packages counts as "shell".
import { gzipSync } from 'node:zlib';
import { transformWithEsbuild } from 'vite';

export const PACKAGES_FILE = '.vite/packages.json';

/** The npm package a module id belongs to, or "shell" for the app's own sources. */
export function packageOf(id) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replace(/\\/g, '/'));
  return match ? match[1] : 'shell';
}

/** Minified and gzipped size of some rendered module code (its raw length if it does not parse alone). */
async function compressedSize(code) {
  try {
    const { code: minified } = await transformWithEsbuild(code, 'part.js', { minify: true });
    return gzipSync(minified, { level: 9 }).length;
  } catch {
    return code.length;
  }
}

export function chunkPackages() {
  return {
    name: 'sportello:chunk-packages',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const code = {};
        for (const [id, module] of Object.entries(chunk.modules)) {
          const name = packageOf(id);
          code[name] = (code[name] ?? '') + (module.code ?? '') + '\n';
        }
        chunks[chunk.fileName] = Object.fromEntries(
          await Promise.all(Object.entries(code).map(async ([name, text]) => [name, await compressedSize(text)])),
        );
      }
      this.emitFile({ type: 'asset', fileName: PACKAGES_FILE, source: JSON.stringify(chunks) });
    },
  };
}
