import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { CookieBanner } from '../consent/cookie-banner.tsx';
import { LiveUpdates } from '../live-updates/live-updates.tsx';
import { MissingInformationReminder } from '../reminder/missing-information-reminder.tsx';
import { Footer } from './footer.tsx';
import { LimitedAccessBanner } from './limited-access-banner.tsx';
import { Topbar } from './topbar.tsx';

/** The frame of every page: top bar, the page, footer and the cookie banner. */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <LimitedAccessBanner />
      <Topbar />
      <div id="main" className="app__main">
        {children}
      </div>
      <Footer />
      <CookieBanner />
      <MissingInformationReminder />
      <LiveUpdates />
    </div>
  );
}
