import { stringifySearchQuery } from '@hora/core/search';
import { useId } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** Kitchens whose hosts welcome caterers: the kitchen category searched for "catering". */
export const CATERING_SEARCH_PATH = `/s?${stringifySearchQuery({ keywords: 'catering', pub_category: ['cocina'] })}`;

/** The catering promo (spec part 1 §2): a banner that leads to kitchens for caterers. */
export function CateringPromo() {
  const t = useT();
  const titleId = useId();
  return (
    <section className="section" aria-labelledby={titleId}>
      <div className="promo">
        <div className="promo__text">
          <h2 id={titleId} className="promo__title">
            {t('landing.catering.title')}
          </h2>
          <p>{t('landing.catering.text')}</p>
        </div>
        <Link to={CATERING_SEARCH_PATH} className="button button--primary promo__link">
          {t('landing.catering.link')}
        </Link>
      </div>
    </section>
  );
}
