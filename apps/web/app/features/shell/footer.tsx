import type { ReactNode } from 'react';
import { FacebookIcon, InstagramIcon, LinkedinIcon, Logo, TwitterIcon } from '../../components/ui/icons.tsx';
import { Link } from '../../components/ui/link.tsx';
import type { PublicConfig } from '../../context.ts';
import { useT } from '../../i18n/i18n.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useRootData } from './use-root-data.ts';

const SOCIAL: { key: keyof PublicConfig['social']; icon: ReactNode }[] = [
  { key: 'facebook', icon: <FacebookIcon /> },
  { key: 'instagram', icon: <InstagramIcon /> },
  { key: 'twitter', icon: <TwitterIcon /> },
  { key: 'linkedin', icon: <LinkedinIcon /> },
];

export function Footer() {
  const t = useT();
  const { config } = useRootData();
  const social = SOCIAL.filter(({ key }) => config.social[key]);
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo name={config.marketplaceName} />
          <p>{t('footer.tagline')}</p>
          {social.length > 0 && (
            <ul className="footer__social" aria-label={t('footer.socialLabel')}>
              {social.map(({ key, icon }) => (
                <li key={key}>
                  <a
                    href={config.social[key]}
                    className="icon-button"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t(`footer.social.${key}`, { marketplace: config.marketplaceName })}
                  >
                    {icon}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav className="footer__links" aria-label={t('footer.navLabel')}>
          {config.blogUrl && (
            <a href={config.blogUrl} target="_blank" rel="noopener noreferrer">
              {t('footer.blog')}
            </a>
          )}
          <Link to="/terms-of-service">{t('footer.terms')}</Link>
          <Link to="/privacy-policy">{t('footer.privacy')}</Link>
        </nav>
        <div className="footer__meta">
          <LanguageSwitch />
          <p className="footer__copyright">
            {t('footer.copyright', { year: new Date().getFullYear(), marketplace: config.marketplaceName })}
          </p>
        </div>
      </div>
    </footer>
  );
}
