import { z } from 'zod';
import { type PlanIssue, planEntryFromForm, planEntryIssues, WEEKDAYS } from '../availability/plan.ts';
import { isValidTimeZone } from '../time/zoned.ts';
import { MESSAGES as M, type MessageKey } from './messages.ts';
import { dateKey, form, isDatePair, isoDateTime, requiredString, timeOfDay, uuid } from './shared.ts';

const PLAN_ISSUE_MESSAGES: Record<PlanIssue, { key: MessageKey; field: string }> = {
  'missing-time': { key: M.planTimeMissing, field: 'startTime' },
  'invalid-time': { key: M.planTimeInvalid, field: 'startTime' },
  'end-not-after-start': { key: M.planEndNotAfterStart, field: 'endTime' },
  unordered: { key: M.planUnordered, field: 'startTime' },
  overlap: { key: M.planOverlap, field: 'startTime' },
  seats: { key: M.planSeats, field: 'seats' },
};

const planEntry = form({
  dayOfWeek: z.enum(WEEKDAYS, { error: M.invalid }),
  seats: z.number({ error: M.required }).int({ error: M.planSeats }),
  startTime: z.string({ error: M.planTimeInvalid }).optional(),
  endTime: z.string({ error: M.planTimeInvalid }).optional(),
});

/**
 * Weekly plan as the form sends it (24:00 allowed as an end). The output is the stored plan
 * (24:00 back to 00:00), checked for order, overlap and seats.
 */
export const availabilityPlanSchema = form({
  type: z.enum(['availability-plan/day', 'availability-plan/time'], { error: M.required }),
  timezone: requiredString().refine(isValidTimeZone, { error: M.timeZoneInvalid }),
  entries: z.array(planEntry, { error: M.required }),
})
  .superRefine((plan, ctx) => {
    for (const { index, issue } of planEntryIssues(plan.type, plan.entries)) {
      const { key, field } = PLAN_ISSUE_MESSAGES[issue];
      ctx.addIssue({ code: 'custom', message: key, path: ['entries', index, field] });
    }
  })
  .transform((plan) => ({ ...plan, entries: plan.entries.map(planEntryFromForm) }));

/** Local wall-clock moments compare as text: 'YYYY-MM-DDTHH:mm' (24:00 sorts last). */
const moment = (date: string, time: string) => `${date}T${time}`;

export const availabilityExceptionFormSchema = form({
  availability: z.enum(['available', 'not-available'], { error: M.required }),
  exceptionStartDate: dateKey(),
  exceptionStartTime: timeOfDay(),
  exceptionEndDate: dateKey(),
  exceptionEndTime: timeOfDay(),
}).refine(
  (v) => moment(v.exceptionEndDate, v.exceptionEndTime) > moment(v.exceptionStartDate, v.exceptionStartTime),
  {
    error: M.endBeforeStart,
    path: ['exceptionEndTime'],
  },
);

export const availabilityExceptionRequestSchema = form({
  listingId: uuid(),
  start: isoDateTime(),
  end: isoDateTime(),
  seats: z.number({ error: M.required }).int({ error: M.invalid }).min(0, { error: M.invalid }),
}).refine((v) => !isDatePair(v.start, v.end) || v.end.getTime() > v.start.getTime(), {
  error: M.endBeforeStart,
  path: ['end'],
});
