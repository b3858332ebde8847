import { describe, expect, it } from 'vitest';
import { contactHref, isContactOpen, withoutContactFlag } from './contact-link.ts';

const page = {
  pathname: '/l/sala-luminosa/0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f',
  search: '?book=true&days=14',
};

describe('contactHref', () => {
  it('opens the enquiry on the same page for a signed-in person (the booking modal closes)', () => {
    expect(contactHref(page, true)).toBe(`${page.pathname}?days=14&contact=true`);
  });

  it('sends a visitor to log in first, coming back to the enquiry', () => {
    expect(contactHref(page, false)).toBe(
      `/login?returnTo=${encodeURIComponent(`${page.pathname}?days=14&contact=true`)}`,
    );
  });
});

describe('the contact flag', () => {
  it('opens the enquiry form, and closing it keeps the rest of the page’s address', () => {
    expect(isContactOpen(new URLSearchParams('contact=true'))).toBe(true);
    expect(isContactOpen(new URLSearchParams('contact=false'))).toBe(false);
    expect(isContactOpen(new URLSearchParams('days=14'))).toBe(false);
    expect(withoutContactFlag({ pathname: page.pathname, search: '?days=14&contact=true', hash: '#x' })).toBe(
      `${page.pathname}?days=14#x`,
    );
    expect(withoutContactFlag({ pathname: page.pathname, search: '?contact=true', hash: '' })).toBe(
      page.pathname,
    );
  });
});
