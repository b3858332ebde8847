import { useState } from 'react';
import { InstagramIcon, TikTokIcon } from '../../components/ui/icons.tsx';
import { Link } from '../../components/ui/link.tsx';
import { UserAvatar } from '../../components/ui/user-avatar.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ProfileReviews, type ProfileReviewsData } from '../reviews/profile-reviews.tsx';
import { HostListings } from './host-listings.tsx';
import type { HostListingsPage } from './host-listings-api.ts';
import type { ProfileView, SocialLink } from './public-profile.ts';

/** /u/:id: the public profile (spec part 1 §2), with edit links for its owner only (part 2 §6). */
export function ProfilePage({
  view,
  isOwner,
  listings,
  reviews,
}: {
  view: ProfileView;
  isOwner: boolean;
  /** The person's published listings (null: they could not be read). */
  listings: HostListingsPage | null;
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
        <HostListings listings={listings} isOwner={isOwner} name={view.name} />
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
