// The answers sent with a page (ADR 023): the Worker writes a screen's first queries' answers into the page as a
// JSON data block (which screens and queries: common/screen-plans.ts) and the web app puts them in its query cache
// before it renders. This module is what both sides share of it, and it stays small: the web app's first bundle
// carries it.
/** The id of the `<script type="application/json">` element that carries the answers. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * The root's `data-prerendered` value on a page whose root holds a screen's first frame (the map home's markers,
 * common/screen-plans.ts): the app renders once the screen's code is here, so its first frame is the same.
 */
export const FIRST_FRAME = 'first-frame';

/**
 * One query of a screen: the procedure's path (`profiles.profile`) and its input. `infinite`: the screen reads it as
 * pages (`useInfiniteQuery`), and the answer is its first page.
 */
export interface FirstQuery {
  path: string;
  input?: unknown;
  infinite?: true;
}

/** One answer sent with the page (a query that failed is left out: the screen asks for it and shows the error). */
export interface PageAnswer extends FirstQuery {
  data: unknown;
}

/**
 * JSON text that cannot end a `<script>` element or open another: `<`, `>`, `&` and the line separators written as
 * `\u` escapes, which leave the JSON's value as it was.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The data block's text. */
export function pageDataText(answers: PageAnswer[]): string {
  return scriptSafeJson(JSON.stringify(answers));
}
