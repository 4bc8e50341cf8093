package io.canopy.launch.remote;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the checkout is (tests run in launch/). */
final class RemoteHarnessPaths {
    static final Path ROOT = root();

    private RemoteHarnessPaths() {}

    private static Path root() {
        Path cwd = Path.of("").toAbsolutePath();
        return Files.exists(cwd.resolve("proto/src/main/proto/canopy/remote.proto")) ? cwd : cwd.getParent();
    }
}
