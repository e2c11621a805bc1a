// The numbers of address requests, in a module of their own: the web form imports them without
// the schemas (and the database's column lists they name).

/** The longest message a link shows (the table's check says the same). */
export const ADDRESS_REQUEST_MESSAGE_MAX = 1000;
/** Submissions one link takes in its life; the next is a 429. */
export const SUBMISSIONS_PER_LINK = 200;
/** Submissions one client address may send in an hour, across every link; the next is a 429. */
export const SUBMISSIONS_PER_CLIENT_PER_HOUR = 10;
