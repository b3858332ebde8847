import type { WizardTab } from '@hora/core/listing';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { WizardTabProps } from './tab-props.ts';

/**
 * The form of each wizard tab, and the payout modal publishing may need: the one place that
 * names them. Each loads on its own when shown, so a page carries the code of its tab only
 * (first-load budget: 150 KB), and the map of the location tab or the drag and drop of the
 * photos tab never weigh on the others.
 */
type Lazy<P> = LazyExoticComponent<ComponentType<P>>;

function lazyNamed<P, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): Lazy<P> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export const TAB_FORMS: Record<WizardTab, Lazy<WizardTabProps> | null> = {
  description: lazyNamed(() => import('./description-tab.tsx'), 'DescriptionTab'),
  features: lazyNamed(() => import('./features-tab.tsx'), 'FeaturesTab'),
  // Premium hosts' promotional video: comes with subscriptions (never shown until then).
  video: null,
  location: lazyNamed(() => import('../listing-location/location-tab.tsx'), 'LocationTab'),
  pricing: lazyNamed(() => import('./pricing-tab.tsx'), 'PricingTab'),
  availability: lazyNamed(() => import('./availability/availability-tab.tsx'), 'AvailabilityTab'),
  // Built on branch f9-images: lazyNamed(() => import('../listing-photos/photos-tab.tsx'), 'PhotosTab')
  photos: null,
};

/** What the publish payout modal takes (built on branch f9-payouts). */
export interface PayoutModalProps {
  open: boolean;
  onClose: () => void;
  /** The wizard page: onboarding comes back to it (`…/success` or `…/failure`). */
  returnPath: string;
  /** The payout account has nothing due any more: publishing can go on. */
  onReady: () => void;
}

// Built on branch f9-payouts: lazyNamed(() => import('../payouts/payout-modal.tsx'), 'PayoutModal')
export const PAYOUT_MODAL: Lazy<PayoutModalProps> | null = null;
