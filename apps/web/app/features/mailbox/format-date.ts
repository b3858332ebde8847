/**
 * Dates of the mailbox in the marketplace's time zone, with seconds (emails of one action arrive
 * close together). A fixed zone keeps the server's and the browser's rendering identical.
 */
export function formatMailboxDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Madrid',
  }).format(new Date(iso));
}
