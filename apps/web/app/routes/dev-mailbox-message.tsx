import { loadMailboxMessage } from '../features/mailbox/mailbox-api.ts';
import { MailboxMessageView } from '../features/mailbox/mailbox-message.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/dev-mailbox-message';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return { email: await loadMailboxMessage(context.api, params.id, new URL(request.url)) };
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'mailbox.message.title',
    values: { subject: args.loaderData?.email.subject ?? '' },
    noindex: true,
  });

export default function DevMailboxMessage({ loaderData }: Route.ComponentProps) {
  return <MailboxMessageView email={loaderData.email} />;
}
