package io.canopy.hardware.serial;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A null-modem cable inside the process: two ends, each end's writes arrive at the other end's reads.
 * The simulator and tests use it instead of a pty when no OS device is wanted; a {@link SerialLink}
 * speaks the same wire format over it. {@link #unplug()} and {@link #plug()} simulate pulling the
 * cable: reads and writes of both ends fail, and opening fails, until it is plugged back. {@link #unplug(boolean)}
 * pulls one end's adapter only (a USB adapter pulled from the computer): that end fails as above; the other end
 * hears nothing and what it writes is lost.
 */
public final class InProcessWire {
    private final Pipe aToB = new Pipe(1 << 16);
    private final Pipe bToA = new Pipe(1 << 16);
    private volatile boolean aPlugged = true;
    private volatile boolean bPlugged = true;

    /** A transport for one end ({@code true} = end A); {@link Transport#describe()} names it "in-process A" or "B". */
    public Transport end(boolean a) {
        return new End(a, a ? bToA : aToB, a ? aToB : bToA, a ? "in-process A" : "in-process B");
    }

    /** Pulls the cable: both ends see the device gone. */
    public void unplug() {
        aPlugged = false;
        bPlugged = false;
        aToB.wake();
        bToA.wake();
    }

    /** Pulls end A's ({@code true}) or end B's adapter: that end sees its device gone, the other end hears nothing. */
    public void unplug(boolean a) {
        if (a) {
            aPlugged = false;
        } else {
            bPlugged = false;
        }
        aToB.wake();
        bToA.wake();
    }

    /** Plugs the cable back in; bytes written while unplugged are lost. */
    public void plug() {
        aToB.clear();
        bToA.clear();
        aPlugged = true;
        bPlugged = true;
    }

    private final class End implements Transport {
        private final boolean a;
        private final Pipe in;
        private final Pipe out;
        private final String name;
        private volatile String lastError = "";

        End(boolean a, Pipe in, Pipe out, String name) {
            this.a = a;
            this.in = in;
            this.out = out;
            this.name = name;
        }

        /** This end's adapter is in. */
        private boolean here() {
            return a ? aPlugged : bPlugged;
        }

        @Override
        public void open() throws IOException {
            if (!here()) {
                throw new IOException(name + ": cable unplugged");
            }
        }

        @Override
        public int read(byte[] buf, int timeoutMs) {
            if (!here()) {
                lastError = "cable unplugged";
                return -1;
            }
            int n = in.take(buf, timeoutMs, this);
            if (!here()) {
                lastError = "cable unplugged";
                return -1;
            }
            return aPlugged && bPlugged ? n : 0;
        }

        @Override
        public boolean write(byte[] buf, int len) {
            if (!here()) {
                lastError = "cable unplugged";
                return false;
            }
            if (aPlugged && bPlugged) {
                out.put(buf, len);
            }
            return true;
        }

        @Override
        public String describe() {
            return name;
        }

        @Override
        public void close() {}

        @Override
        public String lastError() {
            return lastError;
        }
    }

    /** A bounded byte ring; a writer facing a full ring waits (like a tty's output buffer). */
    private final class Pipe {
        private final byte[] ring;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition notEmpty = lock.newCondition();
        private final Condition notFull = lock.newCondition();
        private int head;
        private int size;

        Pipe(int capacity) {
            ring = new byte[capacity];
        }

        void put(byte[] buf, int len) {
            lock.lock();
            try {
                for (int i = 0; i < len; i++) {
                    while (size == ring.length) {
                        notFull.awaitNanos(TimeUnit.MILLISECONDS.toNanos(100));
                    }
                    ring[(head + size) % ring.length] = buf[i];
                    size++;
                }
                notEmpty.signalAll();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        }

        int take(byte[] buf, int timeoutMs, End reader) {
            lock.lock();
            try {
                long remainingNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
                while (size == 0 && remainingNs > 0 && reader.here()) {
                    remainingNs = notEmpty.awaitNanos(remainingNs);
                }
                int n = Math.min(size, buf.length);
                for (int i = 0; i < n; i++) {
                    buf[i] = ring[head];
                    head = (head + 1) % ring.length;
                }
                size -= n;
                if (n > 0) {
                    notFull.signalAll();
                }
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
                notFull.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
