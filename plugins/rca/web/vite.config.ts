// The RCA product module (the plates register): a module-federation remote the shell loads at runtime.
// Built by web/scripts/build-remotes.mjs into ./dist, served under /plugins/rca/.
import { productModuleConfig } from '../../../web/federation/productModule.mjs';

export default productModuleConfig('rca');
