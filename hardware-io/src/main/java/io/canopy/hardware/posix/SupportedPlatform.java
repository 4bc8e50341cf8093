package io.canopy.hardware.posix;

import java.util.Locale;

/**
 * Which platforms a node starts on: Linux where JNA's jar carries its native library and the kernel's generic ABI
 * holds, the one {@link Libc}'s constants are written for (x86_64, aarch64, armhf, i386, riscv64), plus macOS and
 * Windows workstations (JNA, zstd-jni and the JVM there; serial links refuse to open). Anything else is refused at
 * start with one line, not an {@code UnsatisfiedLinkError} or a wrong ioctl number in the middle of a run.
 */
public final class SupportedPlatform {
    private SupportedPlatform() {}

    /** Null when {@code osName}/{@code osArch} can run a node from {@code jar}, else the one line that refuses it. */
    public static String refusal(String osName, String osArch, ClassLoader jar) {
        String os = osName == null ? "" : osName.toLowerCase(Locale.ROOT);
        String arch = osArch == null ? "" : osArch.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac") || os.startsWith("windows")) {
            return null;
        }
        String jna = !os.startsWith("linux") ? null : switch (arch) {
            case "amd64", "x86_64" -> "linux-x86-64";
            case "aarch64", "arm64" -> "linux-aarch64";
            case "arm" -> "linux-arm";
            case "x86", "i386", "i686" -> "linux-x86";
            case "riscv64" -> "linux-riscv64";
            default -> null;
        };
        if (jna != null && jar.getResource("com/sun/jna/" + jna + "/libjnidispatch.so") != null) {
            return null; // zstd-jni (recordings only) carries the same Linux platforms
        }
        return "canopy: unsupported platform " + osName + "/" + osArch + ": the jar carries its native libc access (JNA)"
                + " for Linux on x86_64, aarch64 and armhf (also i386, riscv64, macOS, Windows); run canopy on one of those";
    }
}
