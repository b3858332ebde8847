import type { Role } from '@hora/core/process';
import { pathByRouteName } from '@hora/core/search';
import type { TransactionPartyView, TransactionView } from '@hora/core/transactions';
import { userDisplay } from '@hora/core/user';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** A party's name as the page shows it: the placeholder of core's rule for banned and deleted users. */
export function usePartyName() {
  const t = useT();
  return (party: TransactionPartyView): string => {
    const display = userDisplay(party);
    if (display.kind === 'active') return display.name;
    return display.kind === 'banned' ? t('transactions.user.banned') : t('transactions.user.deleted');
  };
}

/**
 * The other party, by the role rule: customers see the provider (host) with their avatar,
 * providers see the customer's. Banned and deleted users show their placeholder, no picture and no
 * link to a profile.
 */
export function OtherParty(props: { transaction: TransactionView; role: Role }) {
  const t = useT();
  const partyName = usePartyName();
  const party = props.role === 'customer' ? props.transaction.provider : props.transaction.customer;
  const display = userDisplay(party);
  const name = partyName(party);
  const avatar =
    display.kind === 'active' && party.avatar ? (
      <img
        className="avatar avatar--small"
        src={party.avatar['square-small']}
        srcSet={`${party.avatar['square-small']} 1x, ${party.avatar['square-small2x']} 2x`}
        width={40}
        height={40}
        alt=""
      />
    ) : (
      <span className="avatar avatar--small avatar--initials" aria-hidden="true">
        {display.kind === 'active' ? party.abbreviatedName : '?'}
      </span>
    );
  return (
    <div className="transaction-party">
      {avatar}
      <div>
        <p className="transaction-party__role">
          {t(props.role === 'customer' ? 'transactions.party.provider' : 'transactions.party.customer')}
        </p>
        {display.linkToProfile ? (
          <Link className="transaction-party__name" to={pathByRouteName('ProfilePage', { id: party.id })}>
            {name}
          </Link>
        ) : (
          <span className="transaction-party__name transaction-party__name--gone">{name}</span>
        )}
      </div>
    </div>
  );
}
