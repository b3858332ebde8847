import { useId } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { emailLinks } from './email-links.ts';
import { formatMailboxDate } from './format-date.ts';
import type { MailboxMessage } from './mailbox-api.ts';

/**
 * One email as its recipient would see it. The HTML runs in an iframe with an empty sandbox (no
 * scripts, no forms, no navigation, a unique origin), so an email can never act on our page; its
 * links are repeated below as ordinary links for the tester to follow.
 */
export function MailboxMessageView({ email }: { email: MailboxMessage }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const links = emailLinks(email.html, email.text);
  return (
    <main className="mailbox">
      <p>
        <Link to="/dev/mailbox" className="mailbox__back">
          {t('mailbox.message.back')}
        </Link>
      </p>
      <h1>{email.subject}</h1>
      <dl className="mailbox__meta">
        <div>
          <dt>{t('mailbox.field.to')}</dt>
          <dd>{email.to}</dd>
        </div>
        <div>
          <dt>{t('mailbox.field.date')}</dt>
          <dd>
            <time dateTime={email.createdAt}>{formatMailboxDate(email.createdAt, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('mailbox.field.template')}</dt>
          <dd>
            <code>{email.template}</code>
          </dd>
        </div>
        <div>
          <dt>{t('mailbox.field.status')}</dt>
          <dd>{t(`mailbox.status.${email.status}`)}</dd>
        </div>
      </dl>

      <section aria-labelledby={`${headingId}-links`} className="mailbox__section">
        <h2 id={`${headingId}-links`}>{t('mailbox.message.links')}</h2>
        {links.length === 0 ? (
          <p>{t('mailbox.message.noLinks')}</p>
        ) : (
          <ul className="mailbox__links" data-testid="mailbox-links">
            {links.map((url) => (
              <li key={url}>
                <a href={url}>{url}</a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${headingId}-html`} className="mailbox__section">
        <h2 id={`${headingId}-html`}>{t('mailbox.message.html')}</h2>
        <iframe
          className="mailbox__frame"
          title={t('mailbox.message.frameTitle', { subject: email.subject })}
          sandbox=""
          srcDoc={email.html}
        />
      </section>

      <section aria-labelledby={`${headingId}-text`} className="mailbox__section">
        <h2 id={`${headingId}-text`}>{t('mailbox.message.text')}</h2>
        <pre className="mailbox__text">{email.text}</pre>
      </section>
    </main>
  );
}
