// A world's clock: real time shifted by an offset, which QA sets or moves through /__mock/clock.
// Market timing and order acceptance read it, and every response carries it as X-Mock-Now.
export class Clock {
  private offsetMs = 0;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  /** Jump to an absolute time; the clock keeps running from there. */
  set(epochMs: number): void {
    this.offsetMs = epochMs - this.realNow();
  }

  /** Move by a relative amount (negative goes back). */
  advance(deltaMs: number): void {
    this.offsetMs += deltaMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
