export type SubscriptionTier = 'premium' | 'standard' | 'none';

export interface SubscriptionPriceIds {
  premiumPriceId: string;
  standardPriceId: string;
}

/** Premium if the premium price id is subscribed, else standard if that one is, else none. */
export function subscriptionTier(
  subscriptions: readonly string[] | null | undefined,
  ids: SubscriptionPriceIds,
): SubscriptionTier {
  const list = subscriptions ?? [];
  if (list.includes(ids.premiumPriceId)) return 'premium';
  if (list.includes(ids.standardPriceId)) return 'standard';
  return 'none';
}

/** Premium unlocks the video tab, the star on cards and the other features-save label. */
export function isPremium(tier: SubscriptionTier): boolean {
  return tier === 'premium';
}

/** The subscription check treats any non-empty list as active; an empty one resets the profile. */
export function shouldResetSubscriptions(activeSubscriptions: readonly unknown[]): boolean {
  return activeSubscriptions.length === 0;
}
