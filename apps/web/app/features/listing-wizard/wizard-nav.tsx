import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { TabState } from './wizard-tabs.ts';

/**
 * The wizard's steps: a side list on wide screens, a row of numbered steps on phones (only the
 * current one spelled out). Completed tabs are marked; tabs not reachable yet are no links.
 */
export function WizardNav({ states }: { states: readonly TabState[] }) {
  const t = useT();
  const current = states.findIndex((state) => state.current);
  return (
    <nav className="wizard-nav" aria-label={t('listings.wizard.navLabel')}>
      <p className="wizard-nav__progress">
        {t('listings.wizard.step', { step: current + 1, total: states.length })}
      </p>
      <ol className="wizard-nav__steps">
        {states.map((state, index) => {
          const className = [
            'wizard-step',
            state.current ? 'wizard-step--current' : '',
            state.completed ? 'wizard-step--completed' : '',
            state.locked ? 'wizard-step--locked' : '',
          ]
            .filter(Boolean)
            .join(' ');
          const content = (
            <>
              <span className="wizard-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="wizard-step__label">{t(state.labelKey)}</span>
              {state.completed && <span className="visually-hidden">{t('listings.wizard.completed')}</span>}
              {state.locked && <span className="visually-hidden">{t('listings.wizard.locked')}</span>}
            </>
          );
          return (
            <li key={state.tab} className={className}>
              {state.locked ? (
                <span className="wizard-step__link">{content}</span>
              ) : (
                <Link
                  to={state.path}
                  className="wizard-step__link"
                  aria-current={state.current ? 'page' : undefined}
                  prefetch="intent"
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
