package io.canopy.tick;

/** {@link System#nanoTime()}: monotonic, never for wall-clock stamps. */
public final class SystemNanoClock implements NanoClock {
    public static final SystemNanoClock INSTANCE = new SystemNanoClock();

    private SystemNanoClock() {}

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }
}
