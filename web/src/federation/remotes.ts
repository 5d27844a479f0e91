/**
 * Product modules: remotes registered at runtime from the tenant configuration, loaded on
 * demand, checked against the contract. A failing remote only fails its own product.
 */
import { addModuleTranslations } from '../lib/i18n';
import type { TenantProduct } from '../lib/tenant';
import { asProductModule, type ProductModule } from '@sportello/host-api';

export type ModuleState =
  | { status: 'loading' }
  | { status: 'ready'; module: ProductModule }
  | { status: 'error'; error: Error };

export interface RemoteLoader {
  register(remotes: { name: string; entry: string; type: 'module' }[]): Promise<void>;
  load(id: string): Promise<unknown>;
}

let runtime: Promise<ReturnType<typeof import('./runtime').startFederation>> | undefined;

/** The federation runtime, downloaded and started with the first module a user opens. */
function federation() {
  runtime ??= import('./runtime')
    .then(({ startFederation }) => startFederation())
    .catch((error: unknown) => {
      runtime = undefined; // a failed download is tried again with the next module
      throw error;
    });
  return runtime;
}

export const federationLoader: RemoteLoader = {
  register: async (remotes) => (await federation()).registerRemotes(remotes),
  load: async (id) => (await federation()).loadRemote(id),
};

type Listener = () => void;

export class ModuleRegistry {
  private states = new Map<string, ModuleState>();
  /** Each remote's registration, once (products may share a module); a failed one is retried. */
  private registrations = new Map<string, Promise<void>>();
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
      await this.register(spec.name, new URL(spec.entry, location.origin).href);
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

  private register(name: string, entry: string): Promise<void> {
    let registration = this.registrations.get(name);
    if (!registration) {
      registration = this.loader.register([{ name, entry, type: 'module' }]);
      this.registrations.set(name, registration);
      registration.catch(() => this.registrations.delete(name));
    }
    return registration;
  }

  private set(productId: string, state: ModuleState) {
    this.states.set(productId, state);
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }
}
