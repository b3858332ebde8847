import paginationStyles from '../components/ui/pagination.css?url';
import stylesheet from '../features/inbox/inbox.css?url';
import { loadInbox } from '../features/inbox/inbox-data.ts';
import { InboxPage } from '../features/inbox/inbox-page.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import { useRootData } from '../features/shell/use-root-data.ts';
import type { Route } from './+types/inbox';

/** /inbox/:tab (auth): orders or sales, 10 a page, most recently changed first (spec part 1 §2). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadInbox(request, params, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: paginationStyles },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'inbox.metaTitle', noindex: true });

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  return <InboxPage data={loaderData} salesAwaiting={viewer?.salesAwaiting ?? 0} />;
}
