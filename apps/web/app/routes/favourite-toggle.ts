import { continueFavourite, runFavouriteToggle } from '../features/favourites/favourite-toggle.ts';
import type { Route } from './+types/favourite-toggle';

/** A heart's form posts here; the login page comes back here to add a visitor's favourite. */
export function action({ request, params, context }: Route.ActionArgs) {
  return runFavouriteToggle(request, params, context);
}

export function loader({ request, params, context }: Route.LoaderArgs) {
  return continueFavourite(request, params, context);
}
