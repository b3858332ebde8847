import type { TransactionPartyView } from '@hora/core/transactions';
import { userDisplay } from '@hora/core/user';
import { Link } from '../../components/ui/link.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useI18n, useT } from '../../i18n/i18n.tsx';
import type { InboxData, InboxRow } from './inbox-data.ts';
import { INBOX_TABS, type InboxTab, inboxPath } from './inbox-tabs.ts';

/**
 * The inbox (spec part 1 §2): the two tabs as a nav (sales with the count awaiting the host), the
 * tab's transactions as rows linking to their order or sale page, and the pages.
 */
export function InboxPage(props: { data: InboxData; salesAwaiting: number }) {
  const t = useT();
  const { tab, page, result } = props.data;
  return (
    <div className="inbox">
      <h1 className="inbox__title">{t('inbox.title')}</h1>
      <InboxTabs current={tab} salesAwaiting={props.salesAwaiting} />
      {result === null ? (
        <p className="inbox__empty" role="alert">
          {t('inbox.loadFailed')}
        </p>
      ) : result.rows.length === 0 ? (
        <EmptyTab tab={tab} />
      ) : (
        <ul className="inbox__list" aria-label={t(`inbox.tabs.${tab}`)}>
          {result.rows.map((row) => (
            <li key={row.id}>
              <InboxRowItem row={row} />
            </li>
          ))}
        </ul>
      )}
      {result && (
        <Pagination
          page={page}
          totalPages={result.totalPages}
          hrefFor={(n) => inboxPath(tab, n)}
          labels={{
            nav: t('inbox.pagination.label'),
            previous: t('inbox.pagination.previous'),
            next: t('inbox.pagination.next'),
            page: (n) => t('inbox.pagination.page', { page: n }),
          }}
        />
      )}
    </div>
  );
}

function InboxTabs(props: { current: InboxTab; salesAwaiting: number }) {
  const t = useT();
  return (
    <nav className="inbox__tabs" aria-label={t('inbox.tabs.label')}>
      {INBOX_TABS.map((tab) => (
        <Link
          key={tab}
          to={inboxPath(tab)}
          className={tab === props.current ? 'inbox__tab inbox__tab--current' : 'inbox__tab'}
          aria-current={tab === props.current ? 'page' : undefined}
        >
          {t(`inbox.tabs.${tab}`)}
          {tab === 'sales' && props.salesAwaiting > 0 && (
            <span className="count-badge" title={t('inbox.awaiting', { count: props.salesAwaiting })}>
              {props.salesAwaiting}
              <span className="visually-hidden"> {t('inbox.awaiting', { count: props.salesAwaiting })}</span>
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}

function EmptyTab(props: { tab: InboxTab }) {
  const t = useT();
  return (
    <div className="inbox__empty">
      <p>{t(`inbox.empty.${props.tab}`)}</p>
      <Link className="button button--secondary" to={props.tab === 'orders' ? '/s' : '/l/new'}>
        {t(`inbox.empty.${props.tab}.link`)}
      </Link>
    </div>
  );
}

/** One transaction: the whole row links to its page (so the name never links to a profile here). */
export function InboxRowItem(props: { row: InboxRow }) {
  const t = useT();
  const { locale } = useI18n();
  const { row } = props;
  return (
    <Link
      to={row.href}
      className={row.actionNeeded ? 'inbox-row inbox-row--action' : 'inbox-row'}
      data-testid="inbox-row"
    >
      <PartyAvatar party={row.other} />
      <div className="inbox-row__main">
        <span className="inbox-row__name">{partyName(row.other, t)}</span>
        <span className="inbox-row__listing">
          {row.listing.deleted || !row.listing.title ? t('inbox.listingDeleted') : row.listing.title}
        </span>
        {row.booking && (
          <span className="inbox-row__time">{bookingTime(row.booking, locale, row.timeZone)}</span>
        )}
      </div>
      {row.state && (
        <span className={row.actionNeeded ? 'inbox-row__state inbox-row__state--action' : 'inbox-row__state'}>
          {t(`inbox.state.${row.state}`)}
        </span>
      )}
    </Link>
  );
}

function partyName(party: TransactionPartyView, t: (key: string) => string): string {
  const display = userDisplay(party);
  if (display.kind === 'active') return display.name;
  return t(display.kind === 'banned' ? 'inbox.user.banned' : 'inbox.user.deleted');
}

function PartyAvatar(props: { party: TransactionPartyView }) {
  const { party } = props;
  const active = userDisplay(party).kind === 'active';
  if (active && party.avatar) {
    return (
      <img
        className="avatar avatar--small"
        src={party.avatar['square-small']}
        srcSet={`${party.avatar['square-small']} 1x, ${party.avatar['square-small2x']} 2x`}
        width={40}
        height={40}
        alt=""
      />
    );
  }
  return (
    <span className="avatar avatar--small avatar--initials" aria-hidden="true">
      {active ? party.abbreviatedName : '?'}
    </span>
  );
}

const rangeFormats = new Map<string, Intl.DateTimeFormat>();

/** The booking's date and its start–end, in the listing's zone ("lun, 24 nov 2025, 10:00–12:00"). */
export function bookingTime(
  booking: { start: string; end: string },
  locale: string,
  timeZone: string,
): string {
  const key = `${locale}|${timeZone}`;
  let format = rangeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    rangeFormats.set(key, format);
  }
  // ICU versions space ranges differently (thin and narrow no-break spaces in newer ones): the
  // server's Node and the visitor's browser then rendered different text, a hydration error in
  // English. Plain spaces on both.
  return format.formatRange(new Date(booking.start), new Date(booking.end)).replace(/[\u2009\u202f]/g, ' ');
}
