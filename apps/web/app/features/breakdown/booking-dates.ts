import type { Locale } from '../../i18n/locales.ts';

const INTL_LOCALES: Record<Locale, string> = { es: 'es-ES', en: 'en-GB' };

export interface BookingTimes {
  /** "lunes, 24 de noviembre de 2025" */
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** The booking starts and ends on the same day (in the listing's zone). */
  sameDay: boolean;
}

/** The booking's start and end as people at the listing read them, in the listing's zone. */
export function bookingTimes(
  booking: { start: string; end: string },
  timeZone: string,
  locale: Locale,
): BookingTimes {
  const date = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const start = new Date(booking.start);
  const end = new Date(booking.end);
  const startDate = date.format(start);
  const endDate = date.format(end);
  return {
    startDate,
    startTime: time.format(start),
    endDate,
    endTime: time.format(end),
    sameDay: startDate === endDate,
  };
}

/** "Madrid (Europe/Madrid)": the zone named by its city first. */
export function zoneName(timeZone: string): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  return `${city} (${timeZone})`;
}

/** The zone the browser is in; null where Intl cannot tell (then no label is shown). */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}
