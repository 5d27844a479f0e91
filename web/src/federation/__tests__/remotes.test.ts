// @vitest-environment jsdom
/** ModuleRegistry registers each remote once, even for products sharing it, and retries a failed registration. */
import { describe, expect, it, vi } from 'vitest';
import type { TenantProduct } from '../../lib/tenant';
import { ModuleRegistry, type RemoteLoader } from '../remotes';

const product = (id: string, name: string) =>
  ({ id, name: id, module: { name, entry: `/plugins/${name}/remoteEntry.js` } }) as unknown as TenantProduct;

function loader(register: RemoteLoader['register']) {
  return {
    register: vi.fn(register),
    load: vi.fn(async (): Promise<unknown> => Promise.reject(new Error('not served'))),
  } satisfies RemoteLoader;
}

describe('ModuleRegistry', () => {
  it('registers a remote once for products loading it at the same time', async () => {
    const remotes = loader(async () => undefined);
    const registry = new ModuleRegistry(remotes);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await Promise.all([registry.load(product('a', 'shared_mod')), registry.load(product('b', 'shared_mod'))]);
    expect(remotes.register).toHaveBeenCalledTimes(1);
    expect(remotes.register).toHaveBeenCalledWith([
      { name: 'shared_mod', entry: `${location.origin}/plugins/shared_mod/remoteEntry.js`, type: 'module' },
    ]);
    expect(remotes.load).toHaveBeenCalledTimes(2);
  });

  it('tries a failed registration again with the next load', async () => {
    let fail = true;
    const remotes = loader(async () => {
      if (fail) throw new Error('runtime not downloaded');
    });
    const registry = new ModuleRegistry(remotes);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await registry.load(product('a', 'mod'));
    expect(first.status === 'error' && first.error.message).toBe('runtime not downloaded');
    fail = false;
    await registry.load(product('a', 'mod'));
    expect(remotes.register).toHaveBeenCalledTimes(2);
    expect(remotes.load).toHaveBeenCalledTimes(1);
  });
});
