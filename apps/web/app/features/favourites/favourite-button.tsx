import type { FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { FAVOURITE_FIELDS, favouriteActionPath } from './favourite-paths.ts';
import type { FavouriteToggleResult } from './favourite-toggle.ts';
import './favourite-button.css';

/**
 * The heart that adds a listing to the viewer's favourites or removes it (issue 10), for a card's
 * `action` slot and the listing page. A form posting to `/favourites/:listingId`, so it works
 * before JavaScript (the page comes back); once the page runs, a fetcher sends it and the heart
 * turns at once, settling on what the server answered. Every heart of a listing shares one fetcher
 * (keyed by the listing), so two on a page agree. A visitor's heart leads to the login page and,
 * once logged in, back to this page with the favourite added. Texts are the `favourites` namespace.
 */
export function FavouriteButton(props: {
  listingId: string;
  favourited: boolean;
  signedIn: boolean;
  /** The page to come back to (path and query), e.g. `returnPathOf(useLocation())`. */
  returnTo: string;
}) {
  const t = useT();
  const fetcher = useFetcher<FavouriteToggleResult>({ key: `favourite:${props.listingId}` });
  const action = favouriteActionPath(props.listingId);
  const pending = fetcher.formData?.get(FAVOURITE_FIELDS.intent);
  const settled = fetcher.data?.listingId === props.listingId ? fetcher.data : undefined;
  const favourited =
    props.signedIn &&
    (pending === 'add' ? true : pending === 'remove' ? false : (settled?.favourited ?? props.favourited));
  const error = pending === undefined ? settled?.error : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    // A visitor's form goes to the login page as a plain post; a signed-in person's stays here.
    if (!props.signedIn) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set(FAVOURITE_FIELDS.respond, 'data');
    fetcher.submit(form, { method: 'post', action });
  }

  return (
    <form method="post" action={action} className="favourite-button" onSubmit={submit}>
      <input type="hidden" name={FAVOURITE_FIELDS.intent} value={favourited ? 'remove' : 'add'} />
      <input type="hidden" name={FAVOURITE_FIELDS.returnTo} value={props.returnTo} />
      <button
        type="submit"
        className="favourite-button__toggle"
        aria-pressed={favourited}
        aria-label={t(favourited ? 'favourites.button.remove' : 'favourites.button.add')}
        data-testid="favourite-button"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 20.5 4.4 13.1a4.9 4.9 0 0 1 0-7 5 5 0 0 1 7 0l.6.6.6-.6a5 5 0 0 1 7 0 4.9 4.9 0 0 1 0 7Z" />
        </svg>
      </button>
      {error && (
        <p className="favourite-button__error" role="alert">
          {t(error)}
        </p>
      )}
    </form>
  );
}
