/**
 * What the header's user-centre widget knows about the visitor (spec §3 "Browser storage", §6): a present
 * `Authorization` cookie means logged in; the name comes from localStorage `userInfo` (`userName`, falling back
 * to `username`). The session actor (src/app/session.ts) holds it: read from the cookie and localStorage on
 * the first load, kept by the session machine once it has loaded. The widget renders after mount.
 */
export { readStoredSession } from '~/app/session';
export { type SessionView, useSession } from '~/app/use-session';
export { LOGOUT_EVENT } from '~/lib/storage-keys';
