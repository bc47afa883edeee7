/** Browser storage keys and cookie names of docs/product.md#data, with their lifetimes (#constants). */
export { AUTH_COOKIE, AUTH_COOKIE_DAYS } from '#shared/portal-env';
export const INVITE_COOKIE = 'inviteCode';
export const INVITE_COOKIE_DAYS = 365;
export const USER_INFO_KEY = 'userInfo';
export const REGISTE_INFO_KEY = 'registeInfo';
export const CUSTOMER_SERVICE_CLOSED_KEY = 'isCustomerServiceShow';
/**
 * Written (a fresh value) whenever this page logs in or out, so other tabs hear a `storage` event and follow
 * (the Authorization cookie itself fires no event). Not part of the spec's keys; it holds no user data.
 */
export const SESSION_SYNC_KEY = 'sessionChangedAt';
/** The window event the browser plug-in listens for, and fires when it logs out (docs/product.md#states). */
export const LOGOUT_EVENT = 'user-login-out';
