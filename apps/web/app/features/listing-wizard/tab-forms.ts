import type { WizardTab } from '@hora/core/listing';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { DescriptionTab } from './description-tab.tsx';
import { FeaturesTab } from './features-tab.tsx';
import { PricingTab } from './pricing-tab.tsx';
import type { WizardTabProps } from './tab-props.ts';

/**
 * The form of each wizard tab, and the payout modal publishing may need: the one place that
 * names them. The small forms come with the wizard's own code: as chunks of their own they
 * would cost more in requests than they save (first-load budget: 150 KB). The heavy ones load
 * on their own when shown, so the map of the location tab, the drag and drop of the photos
 * tab or the plan editor never weigh on the other tabs.
 */
type Form<P> = ComponentType<P> | LazyExoticComponent<ComponentType<P>>;

function lazyNamed<P, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export const TAB_FORMS: Record<WizardTab, Form<WizardTabProps> | null> = {
  description: DescriptionTab,
  features: FeaturesTab,
  // Premium hosts' promotional video: comes with subscriptions (never shown until then).
  video: null,
  location: lazyNamed(() => import('../listing-location/location-tab.tsx'), 'LocationTab'),
  pricing: PricingTab,
  availability: lazyNamed(() => import('./availability/availability-tab.tsx'), 'AvailabilityTab'),
  photos: lazyNamed(() => import('../listing-photos/photos-tab.tsx'), 'PhotosTab'),
};

/** What the publish payout modal takes. */
export interface PayoutModalProps {
  open: boolean;
  onClose: () => void;
  /** The wizard page: onboarding comes back to it (`…/success` or `…/failure`). */
  returnPath: string;
  /** The payout account has nothing due any more: publishing can go on. */
  onReady: () => void;
}

export const PayoutModal: Form<PayoutModalProps> = lazyNamed(
  () => import('../payouts/payout-modal.tsx'),
  'PayoutModal',
);
