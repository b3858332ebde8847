import { serializeMessages } from './i18n/catalogue.ts';

/** Test data (not part of the app): the root route's data, as pages rendered in tests read it. */
export const ROOT_DATA = {
  locale: 'es',
  messages: serializeMessages({}),
  consentGiven: true,
  viewer: null,
  config: {
    marketplaceName: 'Hora',
    publicUrl: 'https://hora.es',
    blogUrl: undefined,
    social: {},
    maps: { tileUrl: undefined, attribution: '', fuzzyLocation: false },
  },
};
