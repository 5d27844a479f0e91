// A federation build that does not depend on the machine's load.
//
// @module-federation/vite waits until it has seen the whole module graph parsed before it writes
// the shared-import map and the remote entry. Some modules it starts tracking are never parsed
// — CommonJS wrapper ids (`?commonjs-exports`, `?commonjs-module`, `?commonjs-proxy`, e.g. of
// React's dev and profiling entries, which no build imports) — so the graph never looked complete
// and every build ended on the plugin's idle timeout instead: 8 s without module activity, then
// 'forcing resolve. Some shared/remote dependencies may be missing'. On a busy machine a pause of
// 8 s can come before the real graph is done, and the bundle then ships with shares missing.
//
// `deterministic(federation(...))` keeps those wrapper ids out of the tracking, so the graph
// completes as soon as every real module is parsed, whatever the load; the idle timeout is only a
// safety net (IDLE_TIMEOUT_S), and should it ever fire, or the plugin report any forced
// resolve, the build fails instead of emitting a bundle with missing shares.

/** Seconds without module activity before the plugin gives up waiting (then the build fails). */
export const IDLE_TIMEOUT_S = 120;

const UNTRACKED = /\?commonjs-(exports|module|proxy|es-import|external|wrapped)\b/;

const untracked = (id) => typeof id === 'string' && UNTRACKED.test(id);

function withoutUntracked(module) {
  const keep = (list) => (Array.isArray(list) ? list.filter((entry) => !untracked(typeof entry === 'string' ? entry : entry?.id)) : list);
  return new Proxy(module, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (
        key === 'importedIds' ||
        key === 'dynamicallyImportedIds' ||
        key === 'importedIdResolutions' ||
        key === 'dynamicallyImportedIdResolutions'
      )
        return keep(value);
      return value;
    },
  });
}

function hookOf(plugin, name) {
  const hook = plugin[name];
  return typeof hook === 'function' ? hook : hook?.handler;
}

function wrap(plugin, name, wrapper) {
  const original = hookOf(plugin, name);
  if (!original) throw new Error(`federation plugin ${plugin.name} has no ${name} hook: update federation/deterministic.mjs`);
  const wrapped = wrapper(original);
  plugin[name] = typeof plugin[name] === 'function' ? wrapped : { ...plugin[name], handler: wrapped };
}

/** Fails the build when the federation plugin reports that it forced its resolution. */
function failOnForcedResolve() {
  let forced = [];
  let restore = null;
  return {
    name: 'sportello:federation-complete-graph',
    apply: 'build',
    buildStart() {
      forced = [];
      const warn = console.warn;
      console.warn = (...args) => {
        const text = args.map(String).join(' ');
        if (/forcing resolve|analysis was discarded/.test(text)) forced.push(text);
        warn(...args);
      };
      restore = () => {
        console.warn = warn;
      };
    },
    generateBundle() {
      restore?.();
      if (forced.length)
        this.error(`module federation resolved before the module graph was complete; the bundle could miss shared dependencies:\n${forced.join('\n')}`);
    },
  };
}

/** The federation plugins, tracking only modules that get parsed, and failing on a forced resolve. */
export function deterministic(plugins) {
  const list = plugins.flat();
  const start = list.find((plugin) => plugin?.name === 'parseStart');
  const end = list.find((plugin) => plugin?.name === 'parseEnd');
  if (!start || !end) throw new Error('federation plugin layout changed (parseStart/parseEnd): update federation/deterministic.mjs');
  wrap(start, 'load', (load) =>
    function (id, ...rest) {
      if (untracked(id)) return undefined;
      return load.call(this, id, ...rest);
    },
  );
  wrap(end, 'moduleParsed', (moduleParsed) =>
    function (module) {
      if (untracked(module.id)) return undefined;
      return moduleParsed.call(this, withoutUntracked(module));
    },
  );
  return [...list, failOnForcedResolve()];
}
