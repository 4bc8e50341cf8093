package io.canopy.launch.record;

import io.canopy.hardware.serial.Transport;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Replay's stand-in for a device behind a device link: it opens at once, never delivers bytes itself (the replay hands
 * the recorded reads to the link's receiver between ticks) and takes every frame written, counting them, so the
 * replay can wait until the link's writer has passed on what a tick sent before it compares.
 */
final class RecordedDevice implements Transport {
    private final String link;
    final AtomicLong written = new AtomicLong();

    RecordedDevice(String link) {
        this.link = link;
    }

    @Override
    public void open() {}

    @Override
    public int read(byte[] buf, int timeoutMs) {
        // short, so the link's close (which joins its reader) does not wait out a whole read timeout
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(Math.min(timeoutMs, 2)));
        return 0;
    }

    @Override
    public boolean write(byte[] buf, int len) {
        written.incrementAndGet();
        return true;
    }

    @Override
    public void close() {}

    @Override
    public String lastError() {
        return "";
    }

    @Override
    public String describe() {
        return "recorded device " + link;
    }
}
