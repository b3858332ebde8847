import { onboardingReturnAction, type PayoutAccount } from '@hora/core/listing';

/**
 * Back from payout onboarding, the wizard page goes on where publishing stopped. The return
 * route tells it how in the query: publish now (the account has nothing due), or show the
 * payout modal again (it still has).
 */
const RESUME_PARAM = 'payout';

export type ResumeAction = 'publish' | 'verify';

export function resumeAction(search: string): ResumeAction | null {
  const value = new URLSearchParams(search).get(RESUME_PARAM);
  return value === 'publish' || value === 'verify' ? value : null;
}

export function resumePath(wizardPath: string, action: ResumeAction): string {
  return `${wizardPath}?${RESUME_PARAM}=${action}`;
}

export type OnboardingReturn =
  | { kind: 'resume'; to: string }
  | { kind: 'new-account-link' }
  | { kind: 'not-found' };

/**
 * `/l/:slug/:id/:type/:tab/:returnURLType` (spec part 1 §4): success with nothing due goes back
 * to the tab and publishes; success with something still due goes back to the modal; failure
 * asks for a new onboarding link.
 */
export function onboardingReturn(
  returnURLType: string | undefined,
  wizardPath: string,
  account: PayoutAccount | null,
): OnboardingReturn {
  if (returnURLType !== 'success' && returnURLType !== 'failure') return { kind: 'not-found' };
  const action = onboardingReturnAction(returnURLType, account);
  if (action === 'new-account-link') return { kind: 'new-account-link' };
  return { kind: 'resume', to: resumePath(wizardPath, action === 'continue' ? 'publish' : 'verify') };
}
