import { type PanelHeadingState, panelHeadingState, type Role } from '@hora/core/process';
import type { TransactionView } from '@hora/core/transactions';
import { useT } from '../../i18n/i18n.tsx';
import { usePartyName } from './party.tsx';

/** The heading's state from the last transition; an unknown one is logged and shows no heading. */
export function headingStateOf(lastTransition: string | null): PanelHeadingState | null {
  try {
    return panelHeadingState(lastTransition);
  } catch (error) {
    console.error((error as Error).message);
    return null;
  }
}

/** Order (customer) and sale (provider) texts per state; the banned-customer note on sales. */
export function TransactionHeading(props: { transaction: TransactionView; role: Role }) {
  const t = useT();
  const { transaction, role } = props;
  const partyName = usePartyName();
  const state = headingStateOf(transaction.lastTransition);
  const values = {
    listingTitle: transaction.listing.deleted ? t('transactions.listing.deleted') : transaction.listing.title,
    customerName: partyName(transaction.customer),
    providerName: partyName(transaction.provider),
  };
  const side = role === 'customer' ? 'order' : 'sale';
  return (
    <header className="transaction-heading">
      {state ? (
        <h1 className="transaction-heading__title">{t(`transactions.heading.${side}.${state}`, values)}</h1>
      ) : null}
      {state ? (
        <p className="transaction-heading__text">{t(`transactions.heading.${side}.${state}.text`, values)}</p>
      ) : null}
      {role === 'provider' && transaction.customer.banned ? (
        <p className="transaction-heading__note" role="note">
          {t('transactions.heading.customerBanned')}
        </p>
      ) : null}
    </header>
  );
}
