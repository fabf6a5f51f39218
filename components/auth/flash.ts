/** Set by the sign-out action, read (and cleared) by FlashToasts on /login. Not secret. */
export const SIGNED_OUT_FLASH_COOKIE = "raffle-flash";
