/** `/api/products` over HTTP (the login cookie authenticates; errors carry Italian messages). */
import { requestJson } from '../../lib/http';
import type { ProductBody, ProductPayload } from './productForm';

const BASE = '/api/products';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const listProducts = () => requestJson<ProductPayload[]>(BASE);
export const getProduct = (id: string) => requestJson<ProductPayload>(one(id));
export const createProduct = (body: ProductBody) => requestJson<ProductPayload>(BASE, { json: body });
export const updateProduct = (id: string, body: Partial<ProductBody>) =>
  requestJson<ProductPayload>(one(id), { method: 'PUT', json: body });
export const deleteProduct = (id: string) => requestJson<{ _id: string }>(one(id), { method: 'DELETE' });

/** The message of a failed request or call ('' when there is none). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}
