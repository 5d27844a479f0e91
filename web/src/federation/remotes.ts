/**
 * Product modules: remotes registered at runtime from the tenant configuration, loaded on
 * demand, checked against the contract. A failing remote only fails its own product.
 */
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { addModuleTranslations } from '../lib/i18n';
import type { TenantProduct } from '../lib/tenant';
import { asProductModule, type ProductModule } from '@sportello/host-api';

export type ModuleState =
  | { status: 'loading' }
  | { status: 'ready'; module: ProductModule }
  | { status: 'error'; error: Error };

export interface RemoteLoader {
  register(remotes: { name: string; entry: string; type: 'module' }[]): void;
  load(id: string): Promise<unknown>;
}

export const federationLoader: RemoteLoader = {
  register: (remotes) => registerRemotes(remotes),
  load: (id) => loadRemote(id),
};

type Listener = () => void;

export class ModuleRegistry {
  private states = new Map<string, ModuleState>();
  private registered = new Set<string>();
  private readonly listeners = new Set<Listener>();
  private version = 0;

  constructor(private readonly loader: RemoteLoader = federationLoader) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  state(productId: string): ModuleState | undefined {
    return this.states.get(productId);
  }

  /** Register (once) and load the module of each product; already loaded ones are kept. */
  ensure(products: readonly TenantProduct[]): void {
    for (const product of products) {
      if (!product.module || this.states.has(product.id)) continue;
      void this.load(product);
    }
  }

  async load(product: TenantProduct): Promise<ModuleState> {
    const spec = product.module;
    if (!spec) throw new Error(`${product.id}: nessun modulo`);
    this.set(product.id, { status: 'loading' });
    let state: ModuleState;
    try {
      if (!this.registered.has(spec.name)) {
        this.loader.register([{ name: spec.name, entry: new URL(spec.entry, location.origin).href, type: 'module' }]);
        this.registered.add(spec.name);
      }
      const module = asProductModule(await this.loader.load(`${spec.name}/module`));
      addModuleTranslations(spec.name, module.translations);
      state = { status: 'ready', module };
    } catch (error) {
      console.error(`Modulo ${spec.name}`, error);
      state = { status: 'error', error: error instanceof Error ? error : new Error(String(error)) };
    }
    this.set(product.id, state);
    return state;
  }

  private set(productId: string, state: ModuleState) {
    this.states.set(productId, state);
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }
}
