// The car-rental product module: a module-federation remote the shell loads at runtime.
// Built by web/scripts/build-remotes.mjs into ./dist, served under /plugins/noleggio_auto/.
import { productModuleConfig } from '../../../web/federation/productModule.mjs';

export default productModuleConfig('noleggio_auto');
