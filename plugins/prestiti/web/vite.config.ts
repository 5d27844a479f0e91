// The loans product module: a module-federation remote the shell loads at runtime.
// Built by web/scripts/build-remotes.mjs into ./dist, served under /plugins/prestiti/.
import { productModuleConfig } from '../../../web/federation/productModule.mjs';

export default productModuleConfig('prestiti');
