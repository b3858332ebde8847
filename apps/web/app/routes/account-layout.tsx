import { Outlet } from 'react-router';
import { AccountNav } from '../features/account/account-nav.tsx';
import { requireViewer } from '../features/routing/access.ts';
import type { Route } from './+types/account-layout';

/** Account settings: the side navigation beside the current tab's page. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export default function AccountLayout() {
  return (
    <main className="account-layout">
      <AccountNav />
      <div className="account-layout__content">
        <Outlet />
      </div>
    </main>
  );
}
