package io.canopy.launch.deploy;

import java.util.List;

/**
 * A deploy request as JSON (Gson) on {@code <namespace>/<node>/deploy/request}.
 *
 * @param files      the files to put in, each by its path relative to the launch file (as the launch file names it)
 * @param when       {@code idle} (the default), {@code state:NAME} or {@code now}
 * @param generation larger than every generation the node took before (else the request is stale and refused)
 * @param deadline   wall-clock time (ms since the epoch) after which the request is refused; 0: none
 * @param label      the operator's name for the version ("" or null: none)
 * @param rollback   true: put back the versions the last deploy replaced (files are then empty)
 */
public record DeployRequest(List<DeployFile> files, String when, long generation, long deadline, String label, boolean rollback) {
    /** One file: {@code path} as the launch file names it, its new {@code content}, and the SHA-256 of that content. */
    public record DeployFile(String path, String content, String sha256) {}

    public List<DeployFile> filesOrEmpty() {
        return files == null ? List.of() : files;
    }

    public String whenOrIdle() {
        return when == null || when.isBlank() ? "idle" : when.strip();
    }
}
