import { useLocation } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { hasLimitedAccess } from '../auth/session-user.ts';
import { LogoutButton } from './account-menu.tsx';
import { useRootData } from './use-root-data.ts';

/** Spec part 1 §2: an operator acting as a user sees who they are, except on the search page. */
export function LimitedAccessBanner() {
  const t = useT();
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  if (!viewer || !hasLimitedAccess(viewer) || pathname === '/s') return null;
  return (
    <div className="limited-access" role="status" data-testid="limited-access-banner">
      <p>{t('auth.limitedAccess', { firstName: viewer.firstName, lastName: viewer.lastName })}</p>
      <LogoutButton className="button button--secondary" />
    </div>
  );
}
