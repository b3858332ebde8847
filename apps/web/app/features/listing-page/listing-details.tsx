import type { ListingView } from '@hora/core/listing';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { paragraphs } from './paragraphs.ts';
import { PricePerHour } from './price-per-hour.tsx';

/** Title (with `action` beside it: the favourite heart), price and the facts of the space. */
export function ListingHeader({ listing, action }: { listing: ListingView; action?: ReactNode }) {
  const t = useT();
  return (
    <header className="listing-header">
      <div className="listing-header__top">
        <h1 className="listing-header__title">{listing.title}</h1>
        {action}
      </div>
      <PricePerHour listing={listing} className="listing-header__price" />
      {listing.categories.length > 0 && (
        <ul className="listing-header__categories" aria-label={t('listing.categories.label')}>
          {listing.categories.map((category) => (
            <li key={category} className="category-chip">
              {t(`categories.${category}`)}
            </li>
          ))}
        </ul>
      )}
      <ul className="listing-header__facts">
        {listing.capacity !== null && <li>{t('listing.facts.capacity', { count: listing.capacity })}</li>}
        {listing.certificate && (
          <li>{t('listing.facts.certificate', { certificate: listing.certificate })}</li>
        )}
      </ul>
    </header>
  );
}

/** A text section of the page (description, rules): the host's paragraphs, line breaks kept. */
export function TextSection(props: { id: string; title: string; text: string | null }) {
  const parts = paragraphs(props.text);
  if (parts.length === 0) return null;
  return (
    <section className="listing-section" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <h2 id={`${props.id}-title`} className="listing-section__title">
        {props.title}
      </h2>
      {parts.map((paragraph, i) => (
        // Paragraphs have no identity of their own; their order is the text's.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={i} className="listing-section__text">
          {paragraph}
        </p>
      ))}
    </section>
  );
}
