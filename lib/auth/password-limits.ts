/** The length limits of a new password: here, apart from the list of common ones, so the forms can show them. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
