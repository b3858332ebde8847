import { loadInboxDefault } from '../features/inbox/inbox-data.ts';
import type { Route } from './+types/inbox-default';

/** /inbox (auth): the default tab, sales for people with listings, otherwise orders (spec part 2 §6). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadInboxDefault(request, context);
}
