import auth from './auth.json';
import common from './common.json';
import layout from './layout.json';
import menu from './menu.json';

/** The shell's namespaces in this language (loaded on demand, one language at a time). */
export default { common, auth, layout, menu };
