// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext } from '../../../session/context';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';
import { getProduct } from '../api';
import { listProductDocuments } from '../documentsApi';
import ProductEditPage from '../ProductEditPage';

vi.mock('../api', async (original) => ({ ...(await original<typeof import('../api')>()), getProduct: vi.fn() }));
vi.mock('../documentsApi', async (original) => ({ ...(await original<typeof import('../documentsApi')>()), listProductDocuments: vi.fn() }));
const product = vi.mocked(getProduct);
const listed = vi.mocked(listProductDocuments);

const TENANT = { appName: 'assicurapp', maxUploadMb: 20, products: [{ id: 'prestiti', name: 'Finanziamenti' }] };
const ADMIN = { _id: 'u1', role: { admin: true } };

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
  await i18next.loadNamespaces('products');
});

beforeEach(() => {
  product.mockReset();
  listed.mockReset();
  listed.mockResolvedValue([]);
});

function open(path: string, user: object = ADMIN) {
  const state = { user, tenant: TENANT, settings: {}, menu: [], lines: [] };
  render(
    <MantineProvider>
      <AppContext.Provider value={stubServices({ state })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/prodotti/:id" element={<ProductEditPage />} />
          </Routes>
        </MemoryRouter>
      </AppContext.Provider>
    </MantineProvider>,
  );
}

describe("the product editor's company documents", () => {
  it('are shown for a saved plain product, with upload buttons for an admin', async () => {
    product.mockResolvedValue({ _id: 'p1', name: 'Casa e famiglia', type: null, fields: [], companies: {} });
    open('/prodotti/p1');
    await screen.findByTestId('product-document-condizioni');
    expect(listed).toHaveBeenCalledWith('p1');
    expect(screen.getAllByTestId('product-document-upload')).toHaveLength(3);
  });

  it("are not shown for a product line's product", async () => {
    product.mockResolvedValue({ _id: 'p2', name: 'Finanziamenti', type: 'prestiti', fields: [], companies: {} });
    open('/prodotti/p2');
    await screen.findByTestId('product-edit');
    expect(screen.queryByTestId('product-documents')).toBeNull();
    expect(listed).not.toHaveBeenCalled();
  });

  it('are not shown for a product not saved yet', async () => {
    open('/prodotti/nuovo');
    await screen.findByTestId('product-edit');
    expect(screen.queryByTestId('product-documents')).toBeNull();
    expect(listed).not.toHaveBeenCalled();
  });

  it('are out of reach, with the whole editor, of a user who may not edit products', async () => {
    product.mockResolvedValue({ _id: 'p1', name: 'Casa e famiglia', type: null });
    open('/prodotti/p1', { _id: 'u2', role: { a: true } });
    await screen.findByTestId('not-found');
    expect(screen.queryByTestId('product-documents')).toBeNull();
    expect(listed).not.toHaveBeenCalled();
  });
});
