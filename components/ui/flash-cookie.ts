/** The cookie that carries a confirmation across a server action's redirect (set on the server, read by the toasts). */
export const FLASH_COOKIE = "cardmail_flash";
