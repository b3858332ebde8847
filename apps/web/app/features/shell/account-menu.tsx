import type { SessionUser } from '@hora/core/session';
import { Form } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { UserAvatar } from '../../components/ui/user-avatar.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** The signed-in person's links (spec part 1 §2 top bar), shared by the desktop menu and the phone menu. */
export function AccountLinks({ viewer, className }: { viewer: SessionUser; className: string }) {
  const t = useT();
  return (
    <>
      <Link to="/listings" className={className}>
        {t('topbar.menu.listings')}
      </Link>
      <Link to="/favListings" className={className}>
        {t('topbar.menu.favourites')}
      </Link>
      <Link to={`/u/${viewer.id}`} className={className}>
        {t('topbar.menu.publicProfile')}
      </Link>
      <Link to="/profile-settings" className={className}>
        {t('topbar.menu.profileSettings')}
      </Link>
      <Link to="/account/contact-details" className={className}>
        {t('topbar.menu.accountSettings')}
      </Link>
    </>
  );
}

/** Log out: a form, so it works without JavaScript; the next page is a fresh document. */
export function LogoutButton({ className }: { className: string }) {
  const t = useT();
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={className}>
        {t('auth.logout')}
      </button>
    </Form>
  );
}

/** Desktop profile menu: the avatar opens the list (a native disclosure, no script needed). */
export function AccountMenu({ viewer }: { viewer: SessionUser }) {
  const t = useT();
  return (
    <details className="account-menu" data-testid="account-menu">
      <summary className="account-menu__toggle" aria-label={t('topbar.profileMenu')}>
        <UserAvatar avatar={viewer.avatar} initials={viewer.abbreviatedName} size="small" />
      </summary>
      <div className="account-menu__panel">
        <p className="account-menu__name">{viewer.displayName}</p>
        <AccountLinks viewer={viewer} className="account-menu__link" />
        <LogoutButton className="account-menu__link account-menu__logout" />
      </div>
    </details>
  );
}
