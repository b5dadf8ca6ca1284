// A token bucket: `capacity` actions at once, refilled at `perSecond`. The hub keeps these in memory per
// socket and per member; losing them when the object hibernates only forgives an idle client.
export class TokenBucket {
  private readonly capacity: number;
  private readonly perSecond: number;
  private tokens: number;
  private updatedAt: number;

  constructor(capacity: number, perSecond: number, now = Date.now()) {
    this.capacity = capacity;
    this.perSecond = perSecond;
    this.tokens = capacity;
    this.updatedAt = now;
  }

  /** Takes one token; false when the bucket is empty. */
  take(now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True when the bucket has refilled completely: forgetting it then changes nothing. */
  isFull(now = Date.now()): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }

  private refill(now: number) {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
  }
}
