import { data, redirect } from 'react-router';
import paginationStyles from '../components/ui/pagination.css?url';
import hostListingsStyles from '../features/account/host-listings.css?url';
import {
  fetchHostListings,
  HOST_LISTINGS_PAGE_PARAM,
  hostListingsPage,
} from '../features/account/host-listings-api.ts';
import { ProfilePage } from '../features/account/profile-page.tsx';
import { type PublicUser, profileView } from '../features/account/public-profile.ts';
import { profileReviewPage } from '../features/reviews/profile-reviews.tsx';
import reviewsStylesheet from '../features/reviews/reviews.css?url';
import { fetchUserReviews } from '../features/reviews/reviews-api.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/profile';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /u/:id (public). Anything but a known person's id is the not-found page, with HTTP 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // The person, their published listings and both their review lists in one round (banned and
  // deleted people show none).
  const listingsPage = hostListingsPage(url);
  const [result, listings, asHost, asRenter] = await Promise.all([
    context.api<PublicUser>(`/api/users/${params.id}`),
    fetchHostListings(context.api, params.id, listingsPage),
    fetchUserReviews(context.api, params.id, 'ofProvider', profileReviewPage(url, 'asHost')),
    fetchUserReviews(context.api, params.id, 'ofCustomer', profileReviewPage(url, 'asRenter')),
  ]);
  if (result.status >= 400) throw data(null, { status: result.status === 404 ? 404 : 500 });
  const view = profileView(result.data);
  // Banned and deleted people have no profile to show (issue 12): the not-found page, HTTP 404.
  if (view.kind !== 'active') throw data(null, { status: 404 });
  // A listings page past the last (some were closed since the link was made) goes to the last.
  if (listings && listings.meta.totalPages >= 1 && listingsPage > listings.meta.totalPages) {
    url.searchParams.set(HOST_LISTINGS_PAGE_PARAM, String(listings.meta.totalPages));
    throw redirect(`${url.pathname}?${url.searchParams}#host-listings`);
  }
  return {
    view,
    isOwner: context.viewer?.id === result.data.id,
    listings,
    reviews: { asHost, asRenter },
  };
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: hostListingsStyles },
  { rel: 'stylesheet', href: reviewsStylesheet },
  { rel: 'stylesheet', href: paginationStyles },
];

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
  return (
    <ProfilePage
      view={loaderData.view}
      isOwner={loaderData.isOwner}
      listings={loaderData.listings}
      reviews={loaderData.reviews}
    />
  );
}
