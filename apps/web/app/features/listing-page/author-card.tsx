import type { ListingAuthorView } from '@hora/core/listing';
import { userDisplay } from '@hora/core/user';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The host (spec part 1 §2): avatar and name linking to their profile; the owner gets the links to
 * manage their listings and edit their profile, everybody else a link to contact the host (not on a
 * closed listing).
 */
export function AuthorCard(props: {
  author: ListingAuthorView;
  isOwner: boolean;
  contactHref: string | null;
}) {
  const t = useT();
  const { author } = props;
  const display = userDisplay(author);
  // Banned and deleted hosts (spec part 1 §3): the placeholder, no picture, no profile link, no contact.
  if (display.kind !== 'active') {
    return (
      <section
        className="listing-section author-card"
        aria-labelledby="author-title"
        data-testid="author-card"
      >
        <h2 id="author-title" className="listing-section__title">
          {t('listing.author.title')}
        </h2>
        <div className="author-card__person">
          <span className="avatar avatar--large avatar--initials author-card__avatar" aria-hidden="true">
            ?
          </span>
          <span className="author-card__name author-card__name--gone">
            {t(display.kind === 'banned' ? 'listing.author.banned' : 'listing.author.deleted')}
          </span>
        </div>
      </section>
    );
  }
  const profile = `/u/${author.id}`;
  return (
    <section className="listing-section author-card" aria-labelledby="author-title" data-testid="author-card">
      <h2 id="author-title" className="listing-section__title">
        {t('listing.author.title')}
      </h2>
      <div className="author-card__person">
        <Link to={profile} className="author-card__avatar" tabIndex={-1} aria-hidden="true">
          {author.avatar ? (
            <img
              className="avatar avatar--large"
              src={author.avatar['square-small']}
              srcSet={`${author.avatar['square-small']} 1x, ${author.avatar['square-small2x']} 2x`}
              width={96}
              height={96}
              alt=""
            />
          ) : (
            <span className="avatar avatar--large avatar--initials">{author.abbreviatedName}</span>
          )}
        </Link>
        <Link to={profile} className="author-card__name">
          {author.displayName}
        </Link>
      </div>
      <div className="author-card__links">
        {props.isOwner ? (
          <>
            <Link to="/listings" className="button button--secondary">
              {t('listing.author.manageListings')}
            </Link>
            <Link to="/profile-settings" className="button button--secondary">
              {t('listing.author.editProfile')}
            </Link>
          </>
        ) : props.contactHref ? (
          <Link to={props.contactHref} className="button button--secondary" data-testid="contact-link">
            {t('listing.author.contact')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
