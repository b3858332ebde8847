import { data } from 'react-router';
import { ProfilePage } from '../features/account/profile-page.tsx';
import { type PublicUser, profileView } from '../features/account/public-profile.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/profile';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /u/:id (public). Anything but a known person's id is the not-found page, with HTTP 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) throw data(null, { status: 404 });
  const result = await context.api<PublicUser>(`/api/users/${params.id}`);
  if (result.status >= 400) throw data(null, { status: result.status === 404 ? 404 : 500 });
  const view = profileView(result.data);
  // Banned and deleted people have no profile to show (issue 12): the not-found page, HTTP 404.
  if (view.kind !== 'active') throw data(null, { status: 404 });
  return { view, isOwner: context.viewer?.id === result.data.id };
}

export const meta: Route.MetaFunction = (args) => {
  const view = args.loaderData?.view;
  if (!view) return seoMeta(args, { titleKey: 'notFound.title', noindex: true });
  return seoMeta(args, {
    titleKey: 'account.profile.metaTitle',
    descriptionKey: 'account.profile.metaDescription',
    values: { name: view.name },
  });
};

export default function Profile({ loaderData }: Route.ComponentProps) {
  return <ProfilePage view={loaderData.view} isOwner={loaderData.isOwner} />;
}
