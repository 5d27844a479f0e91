/**
 * `/prodotti`: the products list for admins and responsabili (SPEC §2), 'Nuova quotazione'
 * for agents (the same path in the menu), a 404 for everyone else.
 */
import { useAccess } from '../../session/useAccess';
import { canEdit } from '../../lib/roles';
import { NotFound } from '../errors/NotFoundPage';
import NewQuotePage from './NewQuotePage';
import ProductsList from './ProductsList';

export default function ProductsPage() {
  const { flags } = useAccess();
  if (canEdit(flags)) return <ProductsList />;
  if (flags.agent) return <NewQuotePage />;
  return <NotFound />;
}
