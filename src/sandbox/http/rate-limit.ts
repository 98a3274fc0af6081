/**
 * Fixed-window rate limits: one window per token (600/min by default) and one per client IP for calls
 * without a valid token (60/min, the token endpoint included). Windows live in memory only.
 */

export interface RateLimitRule {
  count: number;
  seconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window resets (at least 1) */
  resetSeconds: number;
}

interface Window {
  startedAt: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sweptAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request against `key` under `rule`. */
  hit(key: string, rule: RateLimitRule): RateLimitVerdict {
    const now = this.now();
    const span = rule.seconds * 1000;
    this.sweep(now, span);
    let w = this.windows.get(key);
    if (!w || now - w.startedAt >= span) {
      w = { startedAt: now, used: 0 };
      this.windows.set(key, w);
    }
    const allowed = w.used < rule.count;
    if (allowed) w.used++;
    return {
      allowed,
      limit: rule.count,
      remaining: Math.max(0, rule.count - w.used),
      resetSeconds: Math.max(1, Math.ceil((w.startedAt + span - now) / 1000)),
    };
  }

  /** Drops expired windows now and then, so a long-running sandbox does not keep every key it ever saw. */
  private sweep(now: number, span: number): void {
    if (now - this.sweptAt < span) return;
    this.sweptAt = now;
    for (const [key, w] of this.windows) if (now - w.startedAt >= span) this.windows.delete(key);
  }
}
