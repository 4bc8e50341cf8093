package io.canopy.launch.run;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns SIGINT and SIGTERM into a call of {@code onSignal} (once per signal), so the main thread can shut
 * the node down cleanly and exit 0 instead of being killed by the JVM's default handlers. Uses
 * {@code sun.misc.Signal} (module jdk.unsupported, present in every JDK 17); where it is missing, falls back
 * to a shutdown hook that runs the same code and waits for it.
 */
public final class Signals {
    private static final Logger LOG = LoggerFactory.getLogger(Signals.class);

    private Signals() {}

    /** Installs the handlers; returns what was installed, for logs. */
    public static String onInterrupt(Consumer<String> onSignal, Runnable waitForShutdown) {
        AtomicReference<String> how = new AtomicReference<>("signal handlers");
        try {
            for (String name : new String[] {"INT", "TERM"}) {
                sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> onSignal.accept("SIG" + sig.getName()));
            }
        } catch (Throwable e) { // IllegalArgumentException (signal in use) or a JDK without jdk.unsupported
            LOG.debug("no signal handlers ({}); using a shutdown hook", e.toString());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                onSignal.accept("shutdown");
                waitForShutdown.run();
            }, "canopy-shutdown"));
            how.set("a shutdown hook");
        }
        return how.get();
    }
}
