import type { Role } from '@hora/core/process';
import { pathByRouteName } from '@hora/core/search';

/** The customer's page of a transaction is its order, the provider's its sale. */
export function transactionPagePath(role: Role, id: string): string {
  return pathByRouteName(role === 'customer' ? 'OrderDetailsPage' : 'SaleDetailsPage', { id });
}
