import { Logo } from '../../components/ui/icons.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useRootData } from './use-root-data.ts';

export function HomeLink() {
  const t = useT();
  const { config } = useRootData();
  return (
    <Link
      to="/"
      className="topbar__logo"
      aria-label={t('topbar.logoLabel', { marketplace: config.marketplaceName })}
    >
      <Logo name={config.marketplaceName} />
    </Link>
  );
}
