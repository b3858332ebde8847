import { CATEGORIES, type Category } from '@hora/core/config';
import { stringifySearchQuery } from '@hora/core/search';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { carouselEdges, carouselTarget } from './carousel.ts';

export function categorySearchPath(category: Category): string {
  return `/s?${stringifySearchQuery({ pub_category: [category] })}`;
}

/**
 * "Which room interests you" (spec part 1 §2): every category as a link to its search, in a row
 * that scrolls sideways (by touch, trackpad or Tab through the links) with previous and next
 * buttons. The buttons come alive once the page's JavaScript has; before that they stay disabled
 * and the row still scrolls.
 */
export function CategoryCarousel() {
  const t = useT();
  const titleId = useId();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ canPrevious: false, canNext: false });

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const update = () => setEdges(carouselEdges(element));
    update();
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  function go(direction: 'previous' | 'next') {
    const element = list.current;
    if (element) element.scrollTo({ left: carouselTarget(element, direction) });
  }

  return (
    <section className="section" aria-labelledby={titleId}>
      <div className="carousel__header">
        <h2 id={titleId} className="section__title">
          {t('landing.categories.title')}
        </h2>
        <div className="carousel__controls">
          <button
            type="button"
            className="icon-button carousel__button"
            aria-controls={listId}
            aria-label={t('landing.categories.previous')}
            disabled={!edges.canPrevious}
            onClick={() => go('previous')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="icon-button carousel__button"
            aria-controls={listId}
            aria-label={t('landing.categories.next')}
            disabled={!edges.canNext}
            onClick={() => go('next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul id={listId} ref={list} className="category-carousel" data-testid="category-carousel">
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link to={categorySearchPath(category)} className={`category-card category-card--${category}`}>
              <span className="category-card__name">{t(`categories.${category}`)}</span>
              <span className="category-card__hint">{t('landing.categories.hint')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
