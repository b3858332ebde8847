import { useState } from 'react';
import { Link } from 'react-router';
import { InstagramIcon, TikTokIcon } from '../../components/ui/icons.tsx';
import { UserAvatar } from '../../components/ui/user-avatar.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ProfileReviews, type ProfileReviewsData } from '../reviews/profile-reviews.tsx';
import type { ProfileView, SocialLink } from './public-profile.ts';

/** Listings arrive with the listings issue; until then every host profile counts none. */
const HOST_LISTINGS_COUNT = 0;

/** /u/:id: the public profile (spec part 1 §2), with edit links for its owner only (part 2 §6). */
export function ProfilePage({
  view,
  isOwner,
  reviews,
}: {
  view: ProfileView;
  isOwner: boolean;
  reviews?: ProfileReviewsData;
}) {
  const t = useT();
  if (view.kind !== 'active') {
    return (
      <main className="profile-page profile-page--placeholder" data-testid={`profile-${view.kind}`}>
        <div className="profile-card">
          <span className="avatar avatar--large profile-card__placeholder" aria-hidden="true" />
          <h1 className="profile-card__name">
            {view.kind === 'banned' ? t('account.user.banned') : t('account.user.deleted')}
          </h1>
        </div>
      </main>
    );
  }
  return (
    <main className="profile-page" data-testid="profile-page">
      <aside className="profile-card">
        <UserAvatar avatar={view.avatar} initials={view.initials} size="large" />
        <h1 className="profile-card__name">{view.name}</h1>
        {isOwner && (
          <Link to="/profile-settings" className="button button--secondary">
            {t('account.profile.editLink')}
          </Link>
        )}
      </aside>
      <div className="profile-main">
        {view.bio && <Bio bio={view.bio} />}
        {(view.instagram || view.tiktok) && (
          <ul className="profile-social" aria-label={t('account.profile.socialLabel')}>
            {view.instagram && (
              <SocialItem
                link={view.instagram}
                label={t('account.profile.instagram', { handle: view.instagram.handle })}
              >
                <InstagramIcon />
              </SocialItem>
            )}
            {view.tiktok && (
              <SocialItem
                link={view.tiktok}
                label={t('account.profile.tiktok', { handle: view.tiktok.handle })}
              >
                <TikTokIcon />
              </SocialItem>
            )}
          </ul>
        )}
        <section className="profile-listings" aria-labelledby="host-listings-heading">
          <h2 id="host-listings-heading" className="account-section__title">
            {isOwner
              ? t('account.profile.hostListings.ownTitle', { count: HOST_LISTINGS_COUNT })
              : t('account.profile.hostListings.title', { count: HOST_LISTINGS_COUNT })}
          </h2>
          <p className="profile-listings__empty">
            {isOwner
              ? t('account.profile.hostListings.ownEmpty')
              : t('account.profile.hostListings.empty', { name: view.name })}
          </p>
          {isOwner && (
            <Link to="/l/new" className="button button--primary">
              {t('account.profile.hostListings.createLink')}
            </Link>
          )}
        </section>
        {reviews ? <ProfileReviews reviews={reviews} /> : null}
      </div>
    </main>
  );
}

function Bio({ bio }: { bio: { short: string; full: string; truncated: boolean } }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  return (
    <div className="profile-bio">
      <p className="profile-bio__text">{expanded || !bio.truncated ? bio.full : bio.short}</p>
      {bio.truncated && (
        <button
          type="button"
          className="account-link-button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('account.profile.showLess') : t('account.profile.showMore')}
        </button>
      )}
    </div>
  );
}

function SocialItem({
  link,
  label,
  children,
}: {
  link: SocialLink;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li>
      <a href={link.url} className="profile-social__link" target="_blank" rel="noopener noreferrer nofollow">
        {children}
        <span>{label}</span>
      </a>
    </li>
  );
}
