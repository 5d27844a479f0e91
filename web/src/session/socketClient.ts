/**
 * socketcluster-client as a dynamic import of its own. The federation plugin preloads every
 * chunk named 'index' with the page, so the package's own entry (index.js) must not name it.
 */
export { create } from 'socketcluster-client';
