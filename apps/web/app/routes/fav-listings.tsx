import type { ShouldRevalidateFunctionArgs } from 'react-router';
import paginationStyles from '../components/ui/pagination.css?url';
import stylesheet from '../features/favourites/fav-listings.css?url';
import { loadFavListings } from '../features/favourites/fav-listings-data.ts';
import { FavListingsPage } from '../features/favourites/fav-listings-page.tsx';
import { isFavouriteAction } from '../features/favourites/favourite-paths.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/fav-listings';

/** /favListings (auth): the viewer's favourite listings, 24 a page, newest favourite first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadFavListings(request, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: paginationStyles },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'favourites.metaTitle', noindex: true });

/** A heart undone here keeps its card (one more tap puts it back) until the page is loaded again. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return isFavouriteAction(args.formAction) ? false : args.defaultShouldRevalidate;
}

export default function FavListings({ loaderData }: Route.ComponentProps) {
  return <FavListingsPage page={loaderData.page} result={loaderData.result} />;
}
