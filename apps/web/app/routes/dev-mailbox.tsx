import { loadMailbox } from '../features/mailbox/mailbox-api.ts';
import { MailboxList } from '../features/mailbox/mailbox-list.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/dev-mailbox';

/** The development mailbox; a 404 page in production, where the API has no mailbox. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = new URL(request.url).searchParams.get('to')?.trim() ?? '';
  return { to, emails: await loadMailbox(context.api, to) };
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { titleKey: 'mailbox.title', noindex: true });

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return <MailboxList emails={loaderData.emails} to={loaderData.to} />;
}
