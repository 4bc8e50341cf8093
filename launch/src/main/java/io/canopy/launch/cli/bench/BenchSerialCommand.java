package io.canopy.launch.cli.bench;

import io.canopy.InputException;
import io.canopy.launch.cli.bench.SerialBench;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code canopy bench serial}: round-trip latency and throughput of serial links over a socat pty pair at
 * each baud rate, CPU of an idle link, and the in-process cost of framing (encode, decode, protobuf parse,
 * bytes allocated per received frame outside the parse).
 */
@Command(name = "serial", mixinStandardHelpOptions = true, description = "Measure serial link latency.")
final class BenchSerialCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Option(names = "--baud", split = ",", defaultValue = "115200,1000000", paramLabel = "BAUD[,BAUD...]",
            description = "Baud rates to measure (default: ${DEFAULT-VALUE}); ptys do not pace bytes by baud.")
    List<Integer> bauds = new ArrayList<>();

    @Option(names = "--round-trips", defaultValue = "2000", description = "Measured round trips per baud rate (default: ${DEFAULT-VALUE}).")
    int roundTrips;

    @Option(names = "--warmup", defaultValue = "500", description = "Round trips before measuring (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--frames", defaultValue = "20000", description = "Frames for the one-way throughput (default: ${DEFAULT-VALUE}).")
    int frames;

    @Option(names = "--idle-seconds", defaultValue = "3", description = "How long to watch an idle link's CPU (default: ${DEFAULT-VALUE}).")
    double idleSeconds;

    @Override
    public Integer call() throws Exception {
        if (!SocatPtyPair.available()) {
            throw new InputException("canopy bench serial: socat is not installed; it makes the pty pair the links"
                    + " talk over (apt-get install socat)");
        }
        OptionCheck.atLeast("canopy bench serial", "--round-trips", roundTrips, 1);
        OptionCheck.atLeast("canopy bench serial", "--warmup", warmup, 0);
        OptionCheck.atLeast("canopy bench serial", "--frames", frames, 1);
        OptionCheck.positive("canopy bench serial", "--idle-seconds", idleSeconds);
        for (int baud : bauds) {
            if (baud <= 0) {
                throw new InputException("canopy bench serial: --baud " + baud + " is not positive");
            }
        }
        Path dir = SerialBench.tempDir();
        List<SerialBench.LinkFigures> links = new ArrayList<>();
        for (int baud : bauds) {
            links.add(SerialBench.roundTrips(dir, baud, warmup, roundTrips, frames));
        }
        SerialBench.IdleFigures idle = SerialBench.idleCpu(dir, idleSeconds);
        SerialBench.CodecFigures codec = SerialBench.codec(1_000_000);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(json(links, idle, codec));
        } else {
            table(out, links, idle, codec);
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }

    private static void table(PrintWriter out, List<SerialBench.LinkFigures> links, SerialBench.IdleFigures idle,
            SerialBench.CodecFigures codec) {
        out.println("serial links over a socat pty pair (libc open/termios, poll + read with VMIN=1), one frame in flight");
        out.printf(Locale.ROOT, "%-9s %-6s %-11s %-9s %-9s %-9s %-10s %s%n",
                "baud", "bytes", "round trips", "p50 us", "p99 us", "max us", "frames/s", "bad frames");
        for (SerialBench.LinkFigures f : links) {
            out.printf(Locale.ROOT, "%-9d %-6d %-11d %-9.1f %-9.1f %-9.1f %-10.0f %d%n", f.baud(), f.frameBytes(),
                    f.roundTrips(), f.p50Us(), f.p99Us(), f.maxUs(), f.framesPerSecond(), f.badFrames());
        }
        out.printf(Locale.ROOT, "idle link: reader + writer threads used %.3f %% of one core over %.1f s%n",
                idle.cpuPercentOfOneCore(), idle.seconds());
        out.printf(Locale.ROOT, "framing of a %d-byte MotorState Envelope: encode %.0f ns, decode %.0f ns (no protobuf),"
                        + " protobuf parse %.0f ns per frame%n",
                codec.payloadBytes(), codec.encodeNsPerFrame(), codec.decodeNsPerFrame(), codec.parseNsPerFrame());
        out.printf(Locale.ROOT, "receive path outside the protobuf parse: %.2f bytes allocated per frame"
                        + " (the protobuf parse of that frame: %.0f bytes)%n",
                codec.receiveBytesAllocatedPerFrame(), codec.parseBytesAllocatedPerFrame());
        for (SerialBench.LinkFigures f : links) {
            out.printf(Locale.ROOT, "reader thread at %d baud, everything included (read, decode, parse, sink): %.0f bytes"
                    + " allocated per %d-byte frame%n", f.baud(), f.readerBytesPerFrame(), f.frameBytes());
        }
    }

    private static String json(List<SerialBench.LinkFigures> links, SerialBench.IdleFigures idle,
            SerialBench.CodecFigures codec) {
        StringBuilder sb = new StringBuilder("{\"links\":[");
        for (int i = 0; i < links.size(); i++) {
            SerialBench.LinkFigures f = links.get(i);
            if (i > 0) {
                sb.append(',');
            }
            sb.append(String.format(Locale.ROOT, "{\"baud\":%d,\"frame_bytes\":%d,\"round_trips\":%d,\"p50_us\":%.1f,"
                            + "\"p99_us\":%.1f,\"max_us\":%.1f,\"frames_per_second\":%.0f,\"bad_frames\":%d,"
                            + "\"reader_bytes_allocated_per_frame\":%.0f}",
                    f.baud(), f.frameBytes(), f.roundTrips(), f.p50Us(), f.p99Us(), f.maxUs(), f.framesPerSecond(),
                    f.badFrames(), f.readerBytesPerFrame()));
        }
        sb.append(String.format(Locale.ROOT, "],\"idle\":{\"seconds\":%.1f,\"cpu_percent_of_one_core\":%.4f},",
                idle.seconds(), idle.cpuPercentOfOneCore()));
        sb.append(String.format(Locale.ROOT, "\"codec\":{\"payload_bytes\":%d,\"encode_ns\":%.1f,\"decode_ns\":%.1f,"
                        + "\"parse_ns\":%.1f,\"receive_bytes_allocated_per_frame\":%.2f,"
                        + "\"parse_bytes_allocated_per_frame\":%.0f}}",
                codec.payloadBytes(), codec.encodeNsPerFrame(), codec.decodeNsPerFrame(), codec.parseNsPerFrame(),
                codec.receiveBytesAllocatedPerFrame(), codec.parseBytesAllocatedPerFrame()));
        return sb.toString();
    }
}
