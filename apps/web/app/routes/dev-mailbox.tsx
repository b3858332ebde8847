import { loadMailbox } from '../features/mailbox/mailbox-api.ts';
import { MailboxList } from '../features/mailbox/mailbox-list.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/dev-mailbox';

/** The development mailbox (DEV_MAILBOX, opened with the printed link); a 404 page otherwise. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMailbox(context.api, new URL(request.url));
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { titleKey: 'mailbox.title', noindex: true });

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return <MailboxList emails={loaderData.emails} sms={loaderData.sms} to={loaderData.to} />;
}
