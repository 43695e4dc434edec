// The one rule for the language a page speaks, shared by host.js (its start-failure screen),
// tutorial.js and embed.js; web/shared/i18n.py `pick_language` is the same rule in Python, and
// tests/web/test_language.py runs one table of tags through both. Each page passes its own
// candidates in its own order (?lang=, a setting, the browser's languages...): that order is
// the page's; the matching is this.

export const FALLBACK = "en";

/** The base language of the first of `tags` that is one of `known` ("fr-TN", "FR", "ar_TN" are
 * "fr", "fr", "ar": cut at the first "-" or "_", lowercased), else English. Missing tags
 * (null, undefined, "") are passed over. */
export function pickLanguage(tags, known) {
  const speaks = new Set(known);
  for (const tag of tags) {
    const base = String(tag ?? "").split(/[-_]/)[0].toLowerCase();
    if (speaks.has(base)) return base;
  }
  return FALLBACK;
}
