import type { ProcessTiming } from '../config/constants.ts';

/**
 * The booking process `flex-hourly-default-process/release-1` (spec part 1 §4) as one table.
 * Guards, timers and the per-state, per-role views are all derived from it.
 */
export const PROCESS_STATES = [
  'initial',
  'enquiry',
  'pending-payment',
  'payment-expired',
  'preauthorized',
  'declined',
  'accepted',
  'canceled',
  'delivered',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
] as const;

export type ProcessState = (typeof PROCESS_STATES)[number];

export const ACTORS = ['customer', 'provider', 'system', 'operator'] as const;
export type Actor = (typeof ACTORS)[number];
export type Role = 'customer' | 'provider';

/** When a timed transition falls due: the earliest of its terms. */
export type TimerAnchor =
  | { readonly kind: 'entered'; readonly state: ProcessState }
  | { readonly kind: 'booking-end' };
export interface TimerTerm {
  readonly anchor: TimerAnchor;
  /** Named durations (see PROCESS_TIMING) added to the anchor; none means the anchor itself. */
  readonly after: readonly (keyof ProcessTiming)[];
}

export interface TransitionDefinition {
  readonly from: ProcessState;
  readonly to: ProcessState;
  readonly actors: readonly Actor[];
  /**
   * The spec's "privileged (actor-bound)" list: who ran it is recorded and shown in the
   * activity feed.
   */
  readonly privileged: boolean;
  /** The spec's payment-request transitions: the server computes and sets the line items. */
  readonly setsLineItems: boolean;
  readonly at?: readonly TimerTerm[];
}

const enteredPlus = (state: ProcessState, ...after: (keyof ProcessTiming)[]): TimerTerm => ({
  anchor: { kind: 'entered', state },
  after,
});
const bookingEndPlus = (...after: (keyof ProcessTiming)[]): TimerTerm => ({
  anchor: { kind: 'booking-end' },
  after,
});

function t(
  from: ProcessState,
  to: ProcessState,
  actors: readonly Actor[],
  flags: { privileged?: boolean; setsLineItems?: boolean; at?: readonly TimerTerm[] } = {},
): TransitionDefinition {
  return {
    from,
    to,
    actors,
    privileged: flags.privileged ?? false,
    setsLineItems: flags.setsLineItems ?? false,
    ...(flags.at ? { at: flags.at } : {}),
  };
}

export const BOOKING_PROCESS = {
  name: 'flex-hourly-default-process',
  alias: 'flex-hourly-default-process/release-1',
  initialState: 'initial',
  transitions: {
    enquire: t('initial', 'enquiry', ['customer']),
    'request-payment': t('initial', 'pending-payment', ['customer'], { setsLineItems: true }),
    'request-payment-after-enquiry': t('enquiry', 'pending-payment', ['customer'], { setsLineItems: true }),
    'expire-payment': t('pending-payment', 'payment-expired', ['system'], {
      at: [enteredPlus('pending-payment', 'paymentWindowMs')],
    }),
    'confirm-payment': t('pending-payment', 'preauthorized', ['customer'], { privileged: true }),
    decline: t('preauthorized', 'declined', ['provider'], { privileged: true }),
    expire: t('preauthorized', 'declined', ['system'], {
      privileged: true,
      at: [enteredPlus('preauthorized', 'preauthorizationExpiryMs'), bookingEndPlus('bookingEndGraceMs')],
    }),
    accept: t('preauthorized', 'accepted', ['provider'], { privileged: true }),
    cancel: t('accepted', 'canceled', ['operator'], { privileged: true }),
    complete: t('accepted', 'delivered', ['system'], { privileged: true, at: [bookingEndPlus()] }),
    'expire-review-period': t('delivered', 'reviewed', ['system'], {
      at: [bookingEndPlus('reviewPeriodMs')],
    }),
    'review-1-by-customer': t('delivered', 'reviewed-by-customer', ['customer'], { privileged: true }),
    'review-1-by-provider': t('delivered', 'reviewed-by-provider', ['provider'], { privileged: true }),
    'review-2-by-provider': t('reviewed-by-customer', 'reviewed', ['provider'], { privileged: true }),
    'expire-provider-review-period': t('reviewed-by-customer', 'reviewed', ['system'], {
      at: [bookingEndPlus('reviewPeriodMs')],
    }),
    'review-2-by-customer': t('reviewed-by-provider', 'reviewed', ['customer'], { privileged: true }),
    'expire-customer-review-period': t('reviewed-by-provider', 'reviewed', ['system'], {
      at: [bookingEndPlus('reviewPeriodMs')],
    }),
  },
} as const satisfies {
  name: string;
  alias: string;
  initialState: ProcessState;
  transitions: Record<string, TransitionDefinition>;
};

export type TransitionName = keyof typeof BOOKING_PROCESS.transitions;

export const TRANSITION_NAMES = Object.keys(BOOKING_PROCESS.transitions) as TransitionName[];

export function isTransitionName(value: unknown): value is TransitionName {
  return typeof value === 'string' && Object.hasOwn(BOOKING_PROCESS.transitions, value);
}

export function isProcessState(value: unknown): value is ProcessState {
  return typeof value === 'string' && (PROCESS_STATES as readonly string[]).includes(value);
}

export function transitionDefinition(name: TransitionName): TransitionDefinition {
  return BOOKING_PROCESS.transitions[name];
}

/** States with no way out. */
export const FINAL_STATES: readonly ProcessState[] = PROCESS_STATES.filter(
  (state) => !TRANSITION_NAMES.some((name) => BOOKING_PROCESS.transitions[name].from === state),
);

export const PRIVILEGED_TRANSITIONS: readonly TransitionName[] = TRANSITION_NAMES.filter(
  (name) => BOOKING_PROCESS.transitions[name].privileged,
);

export const PAYMENT_REQUEST_TRANSITIONS: readonly TransitionName[] = TRANSITION_NAMES.filter(
  (name) => BOOKING_PROCESS.transitions[name].setsLineItems,
);

export const TIMED_TRANSITIONS: readonly TransitionName[] = TRANSITION_NAMES.filter(
  (name) => transitionDefinition(name).at !== undefined,
);

/** Transitions that can run from a state, optionally only those a given actor may run. */
export function nextTransitions(state: ProcessState, actor?: Actor): TransitionName[] {
  return TRANSITION_NAMES.filter((name) => {
    const definition = transitionDefinition(name);
    return definition.from === state && (actor === undefined || definition.actors.includes(actor));
  });
}

/** Every transition that can ever lead into a state (e.g. for "last transition in" queries). */
export function transitionsTo(state: ProcessState): TransitionName[] {
  return TRANSITION_NAMES.filter((name) => transitionDefinition(name).to === state);
}
