import type { WizardTab } from '@hora/core/listing';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { DescriptionTab } from './description-tab.tsx';
import type { WizardTabProps } from './tab-props.ts';

/**
 * The form of each wizard tab, and the payout modal publishing may need: the one place that
 * names them. Each form but the first loads on its own when its tab is shown (first-load budget:
 * 150 KB), so the map of the location tab, the drag and drop of the photos tab or the plan
 * editor never weigh on the other tabs. The description comes with the wizard: it is the page
 * `/l/new` opens on.
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
  features: lazyNamed(() => import('./features-tab.tsx'), 'FeaturesTab'),
  // Premium hosts' promotional video: comes with subscriptions (never shown until then).
  video: null,
  location: lazyNamed(() => import('../listing-location/location-tab.tsx'), 'LocationTab'),
  pricing: lazyNamed(() => import('./pricing-tab.tsx'), 'PricingTab'),
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
