// A world's clock: real time shifted by an offset, which QA sets or moves through /__mock/clock.
// Market timing and order acceptance read it, and every response carries it as X-Mock-Now.

/**
 * The times a world's clock may be set to: 2000-01-01 to 2100-01-01 (UTC). Far wider than any test needs,
 * and far inside what a Date can hold, so no setting can make a world's time unprintable (a clock past
 * year 275760 made every later request of its world fail).
 */
export const CLOCK_RANGE = { min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) } as const;

/** A time outside CLOCK_RANGE was asked for; the clock is unchanged. */
export class ClockRangeError extends RangeError {
  override name = 'ClockRangeError';
  constructor(readonly epochMs: number) {
    super(
      `시계는 ${new Date(CLOCK_RANGE.min).toISOString()}부터 ${new Date(CLOCK_RANGE.max).toISOString()}까지만 맞출 수 있어요 (요청: ${Number.isFinite(epochMs) ? epochMs : String(epochMs)}).`,
    );
  }
}

/** Whether `epochMs` is a time a clock may show. */
export function inClockRange(epochMs: number): boolean {
  return Number.isFinite(epochMs) && epochMs >= CLOCK_RANGE.min && epochMs <= CLOCK_RANGE.max;
}

export class Clock {
  private offsetMs = 0;

  // Date.now read on each call (not captured): a test that fakes Date moves every world with it.
  constructor(private readonly realNow: () => number = () => Date.now()) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  /** Jump to an absolute time; the clock keeps running from there. Throws ClockRangeError outside CLOCK_RANGE. */
  set(epochMs: number): void {
    if (!inClockRange(epochMs)) throw new ClockRangeError(epochMs);
    this.offsetMs = epochMs - this.realNow();
  }

  /** Move by a relative amount (negative goes back); moves add up exactly, within CLOCK_RANGE. */
  advance(deltaMs: number): void {
    this.setOffset(this.offsetMs + deltaMs);
  }

  /** Real time shifted by exactly `offsetMs` (the real time is read once). Throws ClockRangeError outside CLOCK_RANGE. */
  setOffset(offsetMs: number): void {
    const epochMs = this.realNow() + offsetMs;
    if (!inClockRange(epochMs)) throw new ClockRangeError(epochMs);
    this.offsetMs = offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
