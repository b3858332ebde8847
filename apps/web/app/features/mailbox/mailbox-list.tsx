import { useId } from 'react';
import { Form } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatMailboxDate } from './format-date.ts';
import type { MailboxSms, MailboxSummary } from './mailbox-api.ts';

/** The latest emails with a filter by address; a GET form, so it works before hydration too. */
export function MailboxList({
  emails,
  sms,
  to,
}: {
  emails: MailboxSummary[];
  sms: MailboxSms[];
  to: string;
}) {
  const { t, locale } = useI18n();
  const inputId = useId();
  return (
    <main className="mailbox">
      <h1>{t('mailbox.title')}</h1>
      <p className="mailbox__intro">{t('mailbox.intro')}</p>
      <Form method="get" role="search" className="mailbox__filter">
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            {t('mailbox.filter.label')}
          </label>
          <input
            // A new filter from the URL (back button, "show all") must replace what was typed.
            key={to}
            id={inputId}
            className="field__input"
            type="email"
            name="to"
            defaultValue={to}
            placeholder={t('mailbox.filter.placeholder')}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('mailbox.filter.submit')}
        </button>
        {to && (
          <Link to="/dev/mailbox" className="button button--secondary">
            {t('mailbox.filter.clear')}
          </Link>
        )}
      </Form>

      {emails.length === 0 ? (
        <p className="mailbox__empty">
          {to ? t('mailbox.list.emptyFiltered', { to }) : t('mailbox.list.empty')}
        </p>
      ) : (
        <div className="mailbox__table-wrap">
          <table className="mailbox__table">
            <caption>{t('mailbox.list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mailbox.field.date')}</th>
                <th scope="col">{t('mailbox.field.to')}</th>
                <th scope="col">{t('mailbox.field.subject')}</th>
                <th scope="col">{t('mailbox.field.template')}</th>
                <th scope="col">{t('mailbox.field.status')}</th>
              </tr>
            </thead>
            <tbody>
              {emails.map((email) => (
                <tr key={email.id} data-testid="mailbox-row">
                  <td>
                    <time dateTime={email.createdAt}>{formatMailboxDate(email.createdAt, locale)}</time>
                  </td>
                  <td>{email.to}</td>
                  <td>
                    <Link to={`/dev/mailbox/${email.id}`}>{email.subject}</Link>
                  </td>
                  <td>
                    <code>{email.template}</code>
                  </td>
                  <td>{t(`mailbox.status.${email.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <section className="mailbox__sms" aria-labelledby="mailbox-sms-title">
        <h2 id="mailbox-sms-title">{t('mailbox.sms.title')}</h2>
        {sms.length === 0 ? (
          <p className="mailbox__empty">{t('mailbox.sms.empty')}</p>
        ) : (
          <div className="mailbox__table-wrap">
            <table className="mailbox__table">
              <caption>{t('mailbox.sms.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('mailbox.field.date')}</th>
                  <th scope="col">{t('mailbox.field.to')}</th>
                  <th scope="col">{t('mailbox.sms.body')}</th>
                  <th scope="col">{t('mailbox.field.status')}</th>
                </tr>
              </thead>
              <tbody>
                {sms.map((message) => (
                  <tr key={message.id} data-testid="mailbox-sms-row">
                    <td>
                      <time dateTime={message.createdAt}>{formatMailboxDate(message.createdAt, locale)}</time>
                    </td>
                    <td>{message.to}</td>
                    <td className="mailbox__sms-body">{message.body}</td>
                    <td>{t(`mailbox.status.${message.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
