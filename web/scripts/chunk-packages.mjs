// Which package each built chunk is made of, for the bundle report: a Vite plugin writing
// dist/.vite/packages.json, `{ "assets/x.js": { "react-dom": 12345, "shell": 678 } }`, the rendered
// (tree-shaken, not yet minified) characters of each package's modules in each chunk. Code under
// web/src and web/packages counts as "shell".

export const PACKAGES_FILE = '.vite/packages.json';

/** The npm package a module id belongs to, or "shell" for the app's own sources. */
export function packageOf(id) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replace(/\\/g, '/'));
  return match ? match[1] : 'shell';
}

export function chunkPackages() {
  return {
    name: 'sportello:chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const sizes = {};
        for (const [id, module] of Object.entries(chunk.modules)) {
          const name = packageOf(id);
          sizes[name] = (sizes[name] ?? 0) + module.renderedLength;
        }
        chunks[chunk.fileName] = sizes;
      }
      this.emitFile({ type: 'asset', fileName: PACKAGES_FILE, source: JSON.stringify(chunks) });
    },
  };
}
