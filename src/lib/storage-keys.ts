/** Browser storage keys and cookie names of spec §3, with their lifetimes (§9). */
export const AUTH_COOKIE = 'Authorization';
export const AUTH_COOKIE_DAYS = 7;
export const INVITE_COOKIE = 'inviteCode';
export const INVITE_COOKIE_DAYS = 365;
export const USER_INFO_KEY = 'userInfo';
export const REGISTE_INFO_KEY = 'registeInfo';
export const CUSTOMER_SERVICE_CLOSED_KEY = 'isCustomerServiceShow';
