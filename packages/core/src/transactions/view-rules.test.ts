import { describe, expect, it } from 'vitest';
import { PROCESS_STATES } from '../process/booking-process.ts';
import { addressVisibleTo, clientSecretVisibleTo, partyNames, viewerTransitions } from './view-rules.ts';

describe('transaction view rules', () => {
  it('shows the address to the provider always, to the customer only once accepted or delivered', () => {
    for (const state of PROCESS_STATES) expect(addressVisibleTo('provider', state)).toBe(true);
    const forCustomer = PROCESS_STATES.filter((state) => addressVisibleTo('customer', state));
    expect(forCustomer).toEqual([
      'accepted',
      'delivered',
      'reviewed-by-customer',
      'reviewed-by-provider',
      'reviewed',
    ]);
  });

  it('hands the client secret only to the customer while the payment is pending', () => {
    expect(clientSecretVisibleTo('customer', 'pending-payment')).toBe(true);
    expect(clientSecretVisibleTo('provider', 'pending-payment')).toBe(false);
    expect(clientSecretVisibleTo('customer', 'preauthorized')).toBe(false);
  });

  it('lists only the viewer’s own transitions, never the system’s or the operator’s', () => {
    expect(viewerTransitions('pending-payment', 'customer', false)).toEqual(['confirm-payment']);
    expect(viewerTransitions('pending-payment', 'provider', false)).toEqual([]);
    expect(viewerTransitions('preauthorized', 'provider', false)).toEqual(['decline', 'accept']);
    expect(viewerTransitions('preauthorized', 'customer', false)).toEqual([]);
    expect(viewerTransitions('accepted', 'provider', false)).toEqual([]);
    expect(viewerTransitions('accepted', 'customer', false)).toEqual([]);
    expect(viewerTransitions('enquiry', 'customer', false)).toEqual(['request-payment-after-enquiry']);
    expect(viewerTransitions('enquiry', 'customer', false, true)).toEqual([]);
    expect(viewerTransitions('enquiry', 'provider', false)).toEqual([]);
  });

  it('offers no accept or decline of a banned customer’s request', () => {
    expect(viewerTransitions('preauthorized', 'provider', true)).toEqual([]);
  });

  it('empties the names of banned and deleted parties', () => {
    const names = { displayName: 'Ana P.', abbreviatedName: 'AP' };
    expect(partyNames({ banned: false, deleted: false }, names)).toEqual(names);
    expect(partyNames({ banned: true, deleted: false }, names)).toEqual({
      displayName: '',
      abbreviatedName: '',
    });
    expect(partyNames({ banned: false, deleted: true }, names)).toEqual({
      displayName: '',
      abbreviatedName: '',
    });
  });
});
