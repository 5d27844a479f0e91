// Tutela legale's web module: a module-federation remote the shell loads at runtime, built into
// ./dist (served under /plugins/tutela_legale/) by `npm run build`. The path is Sportello's web folder,
// whose productModuleConfig builds every product module the same way.
import { productModuleConfig } from '../../../../web/federation/productModule.mjs';

export default productModuleConfig('tutela_legale');
