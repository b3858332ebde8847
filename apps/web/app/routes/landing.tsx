import { Alert } from '../components/ui/form.tsx';
import { Link } from '../components/ui/link.tsx';
import { ACCOUNT_DELETED_PARAM } from '../features/account-deletion/account-deletion-paths.ts';
import { FavouriteButton } from '../features/favourites/favourite-button.tsx';
import { favouritedIds } from '../features/favourites/favourites-api.ts';
import { CategoryCarousel } from '../features/landing/category-carousel.tsx';
import { CateringPromo } from '../features/landing/catering-promo.tsx';
import { CitySection } from '../features/landing/city-section.tsx';
import { FeaturedListings } from '../features/landing/featured-listings.tsx';
import { createLandingListingsCache } from '../features/landing/landing-listings.server.ts';
import { dayOfMonthIn, tileOrder, tileSearchPath } from '../features/landing/location-tiles.ts';
import { seoMeta } from '../features/seo/meta.ts';
import { SearchForm } from '../features/shell/search-form.tsx';
import { useT } from '../i18n/i18n.tsx';
import '../features/landing/landing.css';
import type { Route } from './+types/landing';

/** Shared by every visitor: the counts and newest listings are the same for all (see the cache). */
const landingListings = createLandingListingsCache();

export async function loader({ request, context }: Route.LoaderArgs) {
  const listings = await landingListings(context.api);
  const signedIn = Boolean(context.viewer);
  // The hearts of the featured cards: one call for a signed-in viewer, none for visitors.
  const favourites = await favouritedIds(
    context.api,
    listings.featured.map((listing) => listing.id),
    signedIn,
  );
  return {
    tiles: tileOrder(dayOfMonthIn('Europe/Madrid', context.now())),
    listings,
    favourites: [...favourites],
    signedIn,
    // Issue 12: a person who just deleted their account lands here, signed out.
    accountDeleted: new URL(request.url).searchParams.has(ACCOUNT_DELETED_PARAM),
  };
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, {});

const STEPS = ['browse', 'experience', 'review'] as const;

export default function Landing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="landing">
      {loaderData.accountDeleted && (
        <div className="landing__notice">
          <Alert tone="success">{t('landing.accountDeleted')}</Alert>
        </div>
      )}
      <section className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">{t('landing.hero.title')}</h1>
          <p className="hero__subtitle">{t('landing.hero.subtitle')}</p>
          <div className="hero__search">
            <SearchForm />
          </div>
          <Link to={{ hash: 'how-it-works' }} className="hero__how-link">
            {t('landing.hero.howLink')}
          </Link>
        </div>
      </section>

      <section id="how-it-works" className="section section--muted" aria-labelledby="how-title">
        <h2 id="how-title" className="section__title">
          {t('landing.how.title')}
        </h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">{t(`landing.how.${step}.title`)}</h3>
              <p>{t(`landing.how.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="tiles-title">
        <h2 id="tiles-title" className="section__title">
          {t('landing.tiles.title')}
        </h2>
        <ul className="tiles">
          {loaderData.tiles.map((category) => (
            <li key={category}>
              <Link
                to={tileSearchPath(category)}
                className={`tile tile--${category}`}
                data-testid={`tile-${category}`}
              >
                <span className="tile__label">{t(`categories.${category}`)}</span>
                <span className="tile__hint">{t('landing.tiles.hint')}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <FeaturedListings
        listings={loaderData.listings.featured}
        action={(listing) => (
          <FavouriteButton
            listingId={listing.id}
            favourited={loaderData.favourites.includes(listing.id)}
            signedIn={loaderData.signedIn}
            returnTo="/"
          />
        )}
      />

      <CategoryCarousel />

      <CitySection counts={loaderData.listings.counts} />

      <CateringPromo />
    </main>
  );
}
