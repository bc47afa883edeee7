/**
 * This week's invitation share of the top five categories (percent, position 1 first). Kept apart from the
 * names (Lingui messages) so the stylesheet can size each bar at build time: a `style="width:…"` attribute in
 * the server's HTML would need `'unsafe-inline'` in the Content-Security-Policy.
 */
export const TOP_CATEGORY_SHARES = [24, 19, 15, 11, 9] as const;
