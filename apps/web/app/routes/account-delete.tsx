import stylesheet from '../features/account-deletion/account-deletion.css?url';
import { deleteAccount, loadAccountDeletion } from '../features/account-deletion/account-deletion-api.ts';
import { AccountDeletionPage } from '../features/account-deletion/account-deletion-page.tsx';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/account-delete';

/** /account/delete-account (auth-only): the person deletes their own account (decision 0047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return loadAccountDeletion(context);
}

export function action({ request, context }: Route.ActionArgs) {
  requireViewer(request, context);
  return deleteAccount(request, context);
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'accountDeletion.metaTitle', noindex: true });

export default function AccountDelete({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountDeletionPage openBookings={loaderData.openBookings} answer={actionData} />;
}
