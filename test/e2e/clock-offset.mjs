// Loaded before a spawned CLI of a session on a clock of its own (harness.ts, midMonthClock): moves Date by
// CONDO_TEST_CLOCK_OFFSET_MS, so the CLI's today is the session's. Test-only; nothing in src/ reads it.
const offset = Number(process.env.CONDO_TEST_CLOCK_OFFSET_MS ?? 0);
if (offset !== 0) {
  const RealDate = Date;
  class OffsetDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = OffsetDate;
}
