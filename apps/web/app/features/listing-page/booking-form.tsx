import type { ListingView } from '@hora/core/listing';
import type { DateKey } from '@hora/core/time';
import { lazy, Suspense } from 'react';
import type { TimeSlotJson } from './slot-days.ts';

/** What the loader prepares for the form: the free slots of the months loaded, in the listing's zone. */
export interface BookingFormData {
  slots: TimeSlotJson[] | null;
  /**
   * Today to the last loaded day, named in the visitor's language, each with whether it has free
   * time: the server works both out.
   */
  days: { date: DateKey; label: string; blocked: boolean }[];
  timeZone: string;
  firstDay: DateKey;
  /** The last day loaded (the end of the months shown), and the booking window's last day. */
  lastDay: DateKey;
  windowLastDay: DateKey;
  months: number;
}

/** The booking form loads the current and next month at first; "next month" adds one, up to the window. */
export const BOOKING_MONTHS_PARAM = 'months';

export interface BookingFormProps {
  listing: Pick<ListingView, 'id' | 'title'>;
  form: BookingFormData;
  /** Issue 12: on an order page, the enquiry the booking continues (sent along to the checkout). */
  transactionId?: string;
}

const FIRST_ACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Resolves at once on the server and after a client-side navigation; on a first visit, once the
 * page has loaded (as the map waits for its turn) or at the visitor's first action, whichever
 * comes first.
 */
function whenPageReady(): Promise<void> {
  if (typeof document === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const ready = () => {
      removeEventListener('load', later);
      for (const type of FIRST_ACTIONS) removeEventListener(type, ready, true);
      resolve();
    };
    const later = () => setTimeout(ready);
    addEventListener('load', later);
    for (const type of FIRST_ACTIONS) addEventListener(type, ready, true);
  });
}

const LiveForm = lazy(() =>
  whenPageReady()
    .then(() => import('./booking-form-live.tsx'))
    .then((module) => ({ default: module.BookingFormLive })),
);

/**
 * The booking form (spec part 1 §2 listing page, part 2 §5.5), server-rendered whole. Its script
 * (`booking-form-live.tsx`: the rules, the price) is not part of the page's first load: until it
 * arrives React keeps the server's HTML as it is (a Suspense boundary hydrates late), and that HTML
 * is a plain GET form to the checkout that works on its own. The listing page's first script
 * stays within its budget (decision 0033).
 */
export function BookingForm(props: BookingFormProps) {
  return (
    <Suspense>
      <LiveForm {...props} />
    </Suspense>
  );
}
