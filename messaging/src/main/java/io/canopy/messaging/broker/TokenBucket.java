package io.canopy.messaging.broker;

/**
 * A token bucket on a caller's clock: {@code ratePerS} tokens a second, at most {@code burst} saved up. Not
 * thread-safe (the caller holds a lock); allocates nothing.
 */
final class TokenBucket {
    private static final long NS_PER_S = 1_000_000_000L;
    private final long ratePerS;
    private final long burst;
    /** Tokens, in units of 1/NS_PER_S of a token so that refilling needs no division. */
    private long nanoTokens;
    private long lastNs;

    TokenBucket(long ratePerS, long burst, long nowNs) {
        if (ratePerS <= 0 || burst <= 0) {
            throw new IllegalArgumentException("token bucket: rate and burst must be positive: " + ratePerS + ", " + burst);
        }
        this.ratePerS = ratePerS;
        this.burst = burst;
        this.nanoTokens = burst * NS_PER_S;
        this.lastNs = nowNs;
    }

    /** Takes one token if there is one. */
    boolean tryTake(long nowNs) {
        refill(nowNs);
        if (nanoTokens >= NS_PER_S) {
            nanoTokens -= NS_PER_S;
            return true;
        }
        return false;
    }

    /** Whether a token is there, without taking it. */
    boolean has(long nowNs) {
        refill(nowNs);
        return nanoTokens >= NS_PER_S;
    }

    private void refill(long nowNs) {
        long elapsed = nowNs - lastNs;
        if (elapsed <= 0) {
            return;
        }
        lastNs = nowNs;
        long cap = burst * NS_PER_S;
        // elapsed * rate overflows only after ~292 years / rate: clamp long gaps first
        long add = elapsed >= NS_PER_S * burst / ratePerS + 1 ? cap : elapsed * ratePerS;
        nanoTokens = Math.min(cap, nanoTokens + add);
    }
}
