#!/usr/bin/env python3
"""Runs the shell blocks of the docs, as a new user would type them, and reports what ran, passed, failed, skipped.

Usage: python3 .ci/docs/run-docs.py [--list] [--keep] [FILE.md ...]
  default files: README.md, docs/**/*.md, examples/*/README.md (in that order)
  --list   print every block with its markers and what the runner would do, run nothing
  --keep   keep the scratch folders (their path is printed) to look at the logs

Which blocks: fenced ```sh, ```bash, ```shell and ```console blocks. A ```console block writes each command
after "$ " and the output the doc promises below it; the output must come out in that order (other lines may
come between; numbers in the doc match any number, <word> matches any one word, a line "..." matches anything).

Markers: an HTML comment on the line directly above the opening fence, directives separated by ";":
  <!-- docs-ci: skip REASON -->              not run; reported with its reason (all the rest of the line)
  <!-- docs-ci: background [ready CMD] -->   each command starts in the background and runs until the file ends;
                                             with ready, CMD is retried (each 0.5 s, up to 90 s) until it exits 0
  <!-- docs-ci: run-for 3s -->               each command runs 3 s; still running then is a pass (echo, hz, ...)
  <!-- docs-ci: timeout 120s -->             each command's time limit (default 60 s); past it is a failure
  <!-- docs-ci: exit 2 -->                   the exit code each command must return (default 0)
  <!-- docs-ci: stop-background -->          first stop what earlier background blocks started (as a reader
                                             presses Ctrl-C in the other terminal before the next step)

How (scratch copy, network namespace, offline mvn, shared shell state): docs/contributing.md.
"""
import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FENCE = re.compile(r"^(\s*)(```+)\s*(sh|bash|shell|console)\s*$")
MARKER = re.compile(r"^\s*<!--\s*docs-ci:\s*(.*?)\s*-->\s*$")
DEFAULT_TIMEOUT = 60.0
READY_LIMIT = float(os.environ.get("DOCS_CI_READY_S", "90"))


def duration(text):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|min|m)?", text.strip())
    if not m:
        raise ValueError(f"not a duration: {text!r} (write 3s, 500ms or 2min)")
    n = float(m.group(1))
    return {"ms": n / 1000, "s": n, None: n, "min": n * 60, "m": n * 60}[m.group(2)]


class Block:
    def __init__(self, path, line, lang, lines, marker, marker_line):
        self.path, self.line, self.lang, self.lines = path, line, lang, lines
        self.skip = None
        self.background = False
        self.ready = None
        self.run_for = None
        self.timeout = DEFAULT_TIMEOUT
        self.exit = 0
        self.stop_background = False
        self.error = None
        if marker is not None:
            self.parse_marker(marker, marker_line)

    def parse_marker(self, text, line):
        text = text.strip()
        tail = ""  # a skip's reason and a ready command are all the rest of the marker, ';' and all
        m = re.search(r"(^|;)\s*(skip\b|background ready\b).*$", text)
        if m:
            text, tail = text[:m.start()], m.group(0).lstrip(";").strip()
        parts = [p.strip() for p in text.split(";") if p.strip()] + ([tail] if tail else [])
        for part in parts:
            word, _, rest = part.partition(" ")
            rest = rest.strip()
            try:
                if word == "skip":
                    if not rest:
                        raise ValueError("skip needs a reason: <!-- docs-ci: skip needs a Dynamixel bus -->")
                    self.skip = rest
                elif word == "background":
                    self.background = True
                    if rest:
                        if not rest.startswith("ready "):
                            raise ValueError(f"after background comes 'ready CMD', not {rest!r}")
                        self.ready = rest[len("ready "):].strip()
                elif word == "run-for":
                    self.run_for = duration(rest)
                elif word == "timeout":
                    self.timeout = duration(rest)
                elif word == "exit":
                    self.exit = int(rest)
                elif word == "stop-background":
                    self.stop_background = True
                else:
                    raise ValueError(f"unknown directive {word!r} (skip, background, run-for, timeout, exit, stop-background)")
            except ValueError as e:
                self.error = f"{self.path}:{line}: bad docs-ci marker: {e}"

    def commands(self):
        """[(command, expected output lines or None)]: continuation lines joined, a here-document kept whole."""
        out = []
        if self.lang == "console":
            cmd, expect = None, []
            for raw in self.lines:
                if raw.startswith("$ "):
                    if cmd is not None:
                        out.append((cmd, expect))
                    cmd, expect = raw[2:], []
                elif cmd is not None and cmd.endswith("\\"):
                    cmd = cmd + "\n" + raw
                elif cmd is not None:
                    expect.append(raw)
            if cmd is not None:
                out.append((cmd, expect))
            return out
        buf = []
        heredoc = None
        for raw in self.lines:
            if heredoc:
                buf.append(raw)
                if raw.strip() == heredoc:
                    heredoc = None
                    out.append(("\n".join(buf), None))
                    buf = []
                continue
            if not buf and (not raw.strip() or raw.lstrip().startswith("#")):
                continue
            buf.append(raw)
            m = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", raw)
            if m:
                heredoc = m.group(1)
                continue
            if raw.rstrip().endswith("\\") or incomplete("\n".join(buf)):
                continue  # a continued line, or a compound command (for ... done, if ... fi) not closed yet
            out.append(("\n".join(buf), None))
            buf = []
        if buf:
            out.append(("\n".join(buf), None))
        return out


def incomplete(cmd):
    """Whether bash reads {@code cmd} as unfinished (an open for/while/if/case/{ or quote)."""
    p = subprocess.run(["bash", "-n", "-c", cmd], capture_output=True, text=True)
    return p.returncode != 0 and "unexpected end of file" in p.stderr


def extract(path):
    rel = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    blocks, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            if re.match(r"^\s*```", lines[i]):  # any other fenced block: step over it whole
                fence = re.match(r"^\s*(```+)", lines[i]).group(1)
                i += 1
                while i < len(lines) and not lines[i].strip().startswith(fence):
                    i += 1
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        marker, marker_line = None, None
        if i > 0:
            mm = MARKER.match(lines[i - 1])
            if mm:
                marker, marker_line = mm.group(1), i
        body, j = [], i + 1
        while j < len(lines) and lines[j].strip() != fence:
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j])
            j += 1
        blocks.append(Block(rel, i + 1, lang, body, marker, marker_line))
        i = j + 1
    return blocks


def expected_regex(line):
    parts = []
    for tok in re.split(r"(<[A-Za-z_][\w-]*>|[-+]?\d+(?:\.\d+)?)", " ".join(line.split())):
        if not tok:
            continue
        if re.fullmatch(r"<[A-Za-z_][\w-]*>", tok):
            parts.append(r"\S+")
        elif re.fullmatch(r"[-+]?\d+(?:\.\d+)?", tok):
            parts.append(r"[-+]?\d+(?:\.\d+)?")
        else:
            parts.append(re.escape(tok))
    return re.compile("".join(parts))


def output_matches(expect, actual):
    """None when every expected line comes out in order, else the first expected line that did not."""
    got = [" ".join(l.split()) for l in actual.splitlines()]
    pos = 0
    for line in expect:
        if not line.strip() or line.strip() == "...":
            continue
        rx = expected_regex(line)
        while pos < len(got) and not rx.fullmatch(got[pos]):
            pos += 1
        if pos == len(got):
            return line
        pos += 1
    return None


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


class Scratch:
    """One file's scratch copy of the checkout, its shell state and its background processes."""

    def __init__(self, base, name, jar_files):
        self.dir = os.path.join(base, re.sub(r"[^\w.-]", "_", name))
        self.work = os.path.join(self.dir, "checkout")
        self.home = os.path.join(self.dir, "home")
        self.bin = os.path.join(self.dir, "bin")
        self.logs = os.path.join(self.dir, "logs")
        for d in (self.work, self.home, self.bin, self.logs):
            os.makedirs(d, exist_ok=True)
        files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                               capture_output=True).stdout.split(b"\0")
        for f in files:
            if not f:
                continue
            src = os.path.join(ROOT, f.decode())
            if os.path.isfile(src):
                dst = os.path.join(self.work, f.decode())
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy2(src, dst)
        # the modules as bin/canopy's first build leaves them (classes, not jars), so an mvn step compiles only
        # what changed, as it would for the reader who ran the README's first command
        for target in glob.glob(os.path.join(ROOT, "*", "target")):
            module = os.path.basename(os.path.dirname(target))
            for part in ("classes", "generated-sources", "maven-status", "maven-archiver"):
                src = os.path.join(target, part)
                if os.path.isdir(src):
                    shutil.copytree(src, os.path.join(self.work, module, "target", part), dirs_exist_ok=True)
        os.makedirs(os.path.join(self.work, "launch", "target"), exist_ok=True)
        for jf in jar_files:  # copied after the sources, so bin/canopy finds the jar up to date
            shutil.copy(jf, os.path.join(self.work, "launch", "target", os.path.basename(jf)))
        os.symlink(os.path.join(self.work, "bin", "canopy"), os.path.join(self.bin, "canopy"))
        if os.path.exists("/usr/bin/python3"):  # the python3 the docs' apt-get lines install packages for
            os.symlink("/usr/bin/python3", os.path.join(self.bin, "python3"))
        self.m2 = os.path.join(self.dir, "m2")
        with open(os.path.join(self.bin, "mvn"), "w") as f:
            f.write("#!/bin/sh\n# the docs' mvn: offline, against a scratch repository layered over ~/.m2\n"
                    f"exec {shlex.quote(shutil.which('mvn') or 'mvn')} -B -o -Dmaven.repo.local={shlex.quote(self.m2)} "
                    "\"$@\"\n")
        os.chmod(os.path.join(self.bin, "mvn"), 0o755)
        self.state = os.path.join(self.dir, "shell-state")
        env_path = self.bin + ":" + os.environ.get("PATH", "")
        with open(self.state, "w") as f:
            f.write(f"cd {shlex.quote(self.work)}\nexport HOME={shlex.quote(self.home)}\n"
                    f"export PATH={shlex.quote(env_path)}\nexport CANOPY_CDS=0\n")
        self.background = []
        self.n = 0

    def script(self, cmd):
        return (f"source {shlex.quote(self.state)}\nset -o pipefail\n{cmd}\n__rc=$?\n"
                f"{{ echo \"cd $(printf %q \"$PWD\")\"; export -p | grep -v -E '^declare -x (OLDPWD|PWD|SHLVL|_)='; }} "
                f"> {shlex.quote(self.state)}.new && mv {shlex.quote(self.state)}.new {shlex.quote(self.state)}\n"
                "exit $__rc\n")

    def run(self, cmd, limit, until_ok=False):
        """(exit code or 'timeout', output)."""
        self.n += 1
        log = os.path.join(self.logs, f"{self.n:03d}.log")
        with open(log, "w+") as out:
            proc = subprocess.Popen(["bash", "-c", self.script(cmd)], stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
            try:
                rc = proc.wait(limit)
            except subprocess.TimeoutExpired:
                kill_group(proc)
                rc = "timeout"
            out.seek(0)
            return rc, out.read()

    def start(self, cmd):
        self.n += 1
        log = os.path.join(self.logs, f"{self.n:03d}-background.log")
        out = open(log, "w")
        proc = subprocess.Popen(["bash", "-c", f"source {shlex.quote(self.state)}\n{cmd}\n"], stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        self.background.append((proc, log, cmd))
        return proc, log

    def stop(self):
        for proc, _, _ in reversed(self.background):
            kill_group(proc)
        self.background = []


def tail(text, n=12):
    lines = text.rstrip().splitlines()
    return "\n".join("      | " + l for l in lines[-n:])


GUARDS = [
    (re.compile(r"(^|[\s;&|])(bash\s+)?\.ci/(run|test\.d/docs\.sh)\b"), "runs the CI (and this runner) itself"),
    (re.compile(r"(^|[\s;&|])sudo\s"), "needs sudo on the reader's machine (CI installs through .ci/install.d)"),
]


def run_block(scratch, b, results):
    """Runs one block; appends ('pass'|'fail', block, message)."""
    if b.stop_background:
        scratch.stop()
    for cmd, expect in b.commands():
        for rx, why in GUARDS:
            if rx.search(cmd):
                return results.append(("fail", b, f"`{first_line(cmd)}` {why}: put "
                                                  f"<!-- docs-ci: skip REASON --> above the block"))
        if b.background:
            proc, log = scratch.start(cmd)
            continue
        limit = b.run_for if b.run_for is not None else b.timeout
        rc, out = scratch.run(cmd, limit)
        if rc == "timeout" and b.run_for is not None:
            rc = b.exit
        if rc == "timeout":
            return results.append(("fail", b, f"`{first_line(cmd)}` still running after {limit:g} s "
                                              f"(a long-running command needs run-for or background)\n{tail(out)}"))
        if rc != b.exit:
            return results.append(("fail", b, f"`{first_line(cmd)}` exited {rc}, the doc expects {b.exit}\n"
                                              f"{tail(out)}"))
        if expect:
            missing = output_matches(expect, out)
            if missing is not None:
                return results.append(("fail", b, f"`{first_line(cmd)}`: the doc shows {missing.strip()!r}, "
                                                  f"the output has no such line (after the ones before it)\n"
                                                  f"{tail(out)}"))
    if b.background:
        if b.ready:
            deadline = time.monotonic() + READY_LIMIT
            while True:
                rc, out = scratch.run(b.ready, 30)
                if rc == 0:
                    break
                # a command that ended with 0 put its work in the background itself (mosquitto -p 1883 &)
                dead = [(p, log, c) for p, log, c in scratch.background if p.poll() not in (None, 0)]
                if dead or time.monotonic() > deadline:
                    p, log, c = dead[0] if dead else scratch.background[-1]
                    with open(log) as f:
                        text = f.read()
                    what = f"`{first_line(c)}` exited {p.returncode}" if dead else \
                        f"not ready after {READY_LIMIT:g} s (ready check `{b.ready}` exited {rc}: {tail(out, 3).strip()})"
                    return results.append(("fail", b, f"{what}\n{tail(text)}"))
                time.sleep(0.5)
        else:
            time.sleep(1)
            for p, log, c in scratch.background:
                if p.poll() is not None and p.returncode != 0:
                    with open(log) as f:
                        return results.append(("fail", b, f"`{first_line(c)}` exited {p.returncode}\n"
                                                          f"{tail(f.read())}"))
    results.append(("pass", b, ""))


def first_line(cmd):
    line = cmd.split("\n")[0].strip()
    return line if len(line) < 90 else line[:87] + "..."


def default_files():
    files = [os.path.join(ROOT, "README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    files += sorted(glob.glob(os.path.join(ROOT, "examples", "*", "README.md")))
    return [f for f in files if os.path.isfile(f)]


def build_jar():
    """bin/canopy builds the jar when missing or stale; the files each scratch copy gets."""
    p = subprocess.run([os.path.join(ROOT, "bin", "canopy"), "--version"], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, CANOPY_CDS="0"))
    if p.returncode != 0:
        sys.exit(f"docs: bin/canopy --version failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return [os.path.join(ROOT, "launch", "target", "canopy.jar")]


def in_own_network():
    """Re-runs this script in a network namespace of its own (Linux), so the docs' fixed ports are free."""
    if os.environ.get("DOCS_CI_NETNS") or not shutil.which("unshare"):
        return
    args = ["unshare", "--net"] if os.geteuid() == 0 else ["unshare", "--user", "--map-root-user", "--net"]
    probe = subprocess.run(args + ["true"], capture_output=True)
    if probe.returncode != 0:
        print("docs: no network namespace here (unshare failed): running on the host's ports", flush=True)
        return
    script = "ip link set lo up 2>/dev/null; exec \"$@\""
    os.execvpe(args[0], args + ["sh", "-c", script, "sh", sys.executable] + sys.argv,
               dict(os.environ, DOCS_CI_NETNS="1"))


def seed_m2(scratch):
    """The scratch Maven repository: links to every file in ~/.m2/repository except io/canopy's own."""
    src = os.path.join(os.path.expanduser("~"), ".m2", "repository")
    if not os.path.isdir(src):
        return
    for d, dirs, files in os.walk(src):
        rel = os.path.relpath(d, src)
        if rel == os.path.join("io", "canopy"):
            dirs[:] = []
            continue
        os.makedirs(os.path.join(scratch.m2, rel), exist_ok=True)
        for f in files:
            os.symlink(os.path.join(d, f), os.path.join(scratch.m2, rel, f))


def main(argv):
    listing = "--list" in argv
    keep = "--keep" in argv
    names = [a for a in argv if not a.startswith("--")]
    files = [os.path.abspath(n) for n in names] or default_files()
    blocks = {f: extract(f) for f in files}
    bad = [b.error for bs in blocks.values() for b in bs if b.error]
    if bad:
        print("\n".join(bad))
        return 2
    if listing:
        for f, bs in blocks.items():
            for b in bs:
                how = ("skip: " + b.skip) if b.skip else ("background" + (f", ready {b.ready}" if b.ready else "")) \
                    if b.background else (f"run-for {b.run_for:g}s" if b.run_for else f"run, limit {b.timeout:g}s")
                print(f"{b.path}:{b.line} ```{b.lang}  {how}")
                for cmd, _ in b.commands():
                    print("    " + first_line(cmd))
        return 0
    in_own_network()
    jar_files = build_jar()
    base = tempfile.mkdtemp(prefix="docs-ci-")
    os.chmod(base, 0o755)  # a broker that drops root (mosquitto) must reach the files a doc makes in its HOME
    results = []
    start = time.monotonic()
    try:
        for f, bs in blocks.items():
            if not bs:
                continue
            runnable = [b for b in bs if not b.skip]
            scratch = None
            if runnable:
                scratch = Scratch(base, os.path.relpath(f, ROOT), jar_files)
                if any(re.search(r"(^|\s)mvn\s", c) for b in runnable for c, _ in b.commands()):
                    seed_m2(scratch)
            t0 = time.monotonic()
            try:
                broken = None
                for b in bs:
                    if b.skip:
                        results.append(("skip", b, b.skip))
                        continue
                    if broken:  # the blocks of a doc build on each other: after a failure, the rest cannot run
                        results.append(("fail", b, f"not run: block {broken.path}:{broken.line} failed before it"))
                        print(f"docs: fail {b.path}:{b.line} (not run: an earlier block failed)", flush=True)
                        continue
                    run_block(scratch, b, results)
                    if results[-1][0] == "fail":
                        broken = b
                    status, _, msg = results[-1]
                    print(f"docs: {status:4} {b.path}:{b.line}" + (f"\n    {msg}" if status == "fail" else ""),
                          flush=True)
            finally:
                if scratch:
                    scratch.stop()
            if runnable:
                print(f"docs: {os.path.relpath(f, ROOT)}: {time.monotonic() - t0:.0f} s", flush=True)
    finally:
        if keep:
            print(f"docs: scratch folders kept in {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)
    ran = [r for r in results if r[0] != "skip"]
    failed = [r for r in results if r[0] == "fail"]
    skipped = [r for r in results if r[0] == "skip"]
    print(f"\ndocs: {len(ran)} blocks ran in {time.monotonic() - start:.0f} s: {len(ran) - len(failed)} passed, "
          f"{len(failed)} failed; {len(skipped)} skipped")
    for _, b, why in skipped:
        print(f"docs: skipped {b.path}:{b.line}: {why}")
    for _, b, why in failed:
        print(f"docs: FAILED  {b.path}:{b.line}: {why.splitlines()[0]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
