package io.canopy.hardware.dynamixel;

import io.canopy.hardware.serial.Transport;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Two transports joined back to back in memory (what one end writes, the other reads), for tests that need no
 * pty. {@link #unplug()} pulls the controller's USB adapter until {@link #plug()}: end B (the controller's)
 * fails to read, write and open; end A (the servos') hears nothing and what it writes is lost.
 */
final class WirePair {
    private final Pipe aToB = new Pipe();
    private final Pipe bToA = new Pipe();
    private volatile boolean plugged = true;

    Transport a() {
        return new End(bToA, aToB, "wire A", false);
    }

    Transport b() {
        return new End(aToB, bToA, "wire B", true);
    }

    void unplug() {
        plugged = false;
        aToB.wake();
        bToA.wake();
    }

    void plug() {
        aToB.clear();
        bToA.clear();
        plugged = true;
    }

    private final class End implements Transport {
        private final Pipe in;
        private final Pipe out;
        private final String name;
        private final boolean fails;

        End(Pipe in, Pipe out, String name, boolean fails) {
            this.in = in;
            this.out = out;
            this.name = name;
            this.fails = fails;
        }

        @Override
        public void open() throws IOException {
            if (!plugged && fails) {
                throw new IOException(name + ": unplugged");
            }
        }

        @Override
        public int read(byte[] buf, int timeoutMs) {
            int n = in.take(buf, timeoutMs, fails);
            return plugged ? n : fails ? -1 : 0;
        }

        @Override
        public boolean write(byte[] buf, int len) {
            if (!plugged) {
                return !fails;
            }
            out.put(buf, len);
            return true;
        }

        @Override
        public void close() {}

        @Override
        public String lastError() {
            return plugged ? "" : "unplugged";
        }

        @Override
        public String describe() {
            return name;
        }
    }

    private final class Pipe {
        private final byte[] ring = new byte[1 << 16];
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition notEmpty = lock.newCondition();
        private int head;
        private int size;

        void put(byte[] buf, int len) {
            lock.lock();
            try {
                for (int i = 0; i < len && size < ring.length; i++) {
                    ring[(head + size) % ring.length] = buf[i];
                    size++;
                }
                notEmpty.signalAll();
            } finally {
                lock.unlock();
            }
        }

        int take(byte[] buf, int timeoutMs, boolean stopWhenUnplugged) {
            lock.lock();
            try {
                long left = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
                while (size == 0 && left > 0 && (plugged || !stopWhenUnplugged)) {
                    left = notEmpty.awaitNanos(left);
                }
                int n = Math.min(size, buf.length);
                for (int i = 0; i < n; i++) {
                    buf[i] = ring[head];
                    head = (head + 1) % ring.length;
                }
                size -= n;
                return n;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 0;
            } finally {
                lock.unlock();
            }
        }

        void wake() {
            lock.lock();
            try {
                notEmpty.signalAll();
            } finally {
                lock.unlock();
            }
        }

        void clear() {
            lock.lock();
            try {
                size = 0;
            } finally {
                lock.unlock();
            }
        }
    }
}
