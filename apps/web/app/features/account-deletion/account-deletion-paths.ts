/** The query parameter of the home page that confirms a deletion (a module of its own: the landing page loads it). */
export const ACCOUNT_DELETED_PARAM = 'accountDeleted';

/** Where a deleted person lands, signed out: the home page with its confirmation. */
export const DELETED_LANDING = `/?${ACCOUNT_DELETED_PARAM}=1`;
