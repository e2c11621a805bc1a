/** A browser session lasts this long after its last refresh (sliding). */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
/** A session's cookie is re-issued with a new expiry at most this often. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
