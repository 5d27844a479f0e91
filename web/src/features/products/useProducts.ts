/**
 * Products for the managers' screens: `GET /api/products` (inactive ones included), read
 * again whenever the live `products` collection changes, so other admins' edits show at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { useStoreSelector } from '../../session/context';
import type { StoreState } from '../../store/store';
import { errorMessage, listProducts } from './api';
import type { ProductPayload } from './productForm';

const selectLive = (state: StoreState) => state.collections.products;

export interface ProductsState {
  products: ProductPayload[] | null;
  error: string | null;
  reload: () => void;
  /** Replace (or, with `null`, drop) one product locally after a write of ours. */
  patch: (id: string, product: ProductPayload | null) => void;
}

export function useManagedProducts(): ProductsState {
  const live = useStoreSelector(selectLive);
  const [products, setProducts] = useState<ProductPayload[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    listProducts()
      .then((list) => {
        if (!current) return;
        setProducts(list);
        setError(null);
      })
      .catch((e: unknown) => current && setError(errorMessage(e)));
    return () => {
      current = false;
    };
  }, [live, round]);

  const patch = useCallback((id: string, product: ProductPayload | null) => {
    setProducts((list) =>
      list === null ? list : product === null ? list.filter((p) => p._id !== id) : list.map((p) => (p._id === id ? product : p)),
    );
  }, []);

  return { products, error, reload, patch };
}
