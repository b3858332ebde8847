import { useId } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { CITY_SECTION, type CityName, citySearchPath } from './cities.ts';

/**
 * Madrid, Barcelona and Valencia with how many spaces each has (spec part 1 §2: the city section,
 * made to work). A city whose count could not be read shows without one.
 */
export function CitySection(props: { counts: Record<CityName, number | null> }) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="section" aria-labelledby={titleId}>
      <h2 id={titleId} className="section__title">
        {t('landing.cities.title')}
      </h2>
      <ul className="cities">
        {CITY_SECTION.map((city) => {
          const count = props.counts[city.name];
          return (
            <li key={city.name}>
              <Link to={citySearchPath(city)} className="city-card" data-testid={`city-${city.name}`}>
                <span className="city-card__name">{city.name}</span>
                <span className="city-card__count">
                  {count === null ? t('landing.cities.explore') : t('landing.cities.count', { count })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
