// Whether an /api or /trpc answer may be kept by a shared cache (a CDN, a corporate proxy). A procedure whose
// answer is the same for everyone says so with `ctx.answerIsPublic(seconds)`; the whole HTTP answer is public
// only when every call it carries said so, none failed, and nothing set a cookie. Anything else is
// `private, no-store`: a tRPC batch that mixes a public board with `account.me`, or a public read whose session
// lookup refreshed the cookie, must never be stored and handed to the next visitor (ADR 018).

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** A public answer: shared caches may keep it for `seconds`, browsers always revalidate. */
export function publicCacheControl(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}, must-revalidate`;
}

/** What the calls of one request said about caching; one per request, shared by the calls of a batch. */
export class ResponseCachePolicy {
  #sharedSeconds: number | null = null;
  #private = false;

  /** One call finished: `sharedSeconds` when it declared its answer public, null otherwise (or when it failed). */
  record(sharedSeconds: number | null): void {
    if (sharedSeconds === null) this.#private = true;
    else this.#sharedSeconds = Math.min(this.#sharedSeconds ?? sharedSeconds, sharedSeconds);
  }

  /** The Cache-Control for the finished answer. */
  headerFor(response: Response): string {
    const sharable =
      !this.#private &&
      this.#sharedSeconds !== null &&
      response.status === 200 &&
      response.headers.getSetCookie().length === 0;
    return sharable ? publicCacheControl(this.#sharedSeconds!) : PRIVATE_CACHE_CONTROL;
  }

  /** Sets the header on the finished answer. */
  apply(response: Response): Response {
    response.headers.set('Cache-Control', this.headerFor(response));
    return response;
  }
}
