# Sourced by .ci/run: what the arm64 run (.ci/test.d/arm64.sh) needs, installed only when missing: QEMU's user-mode
# emulator (qemu-aarch64), socat, and Debian's arm64 Java 17 runtime with the few arm64 libraries it loads (libc6,
# libgcc-s1, libstdc++6, zlib1g), downloaded and unpacked - not installed - into a sysroot for `qemu-aarch64 -L`.
#   CANOPY_ARM64_SYSROOT   where the sysroot goes (default: ~/.cache/canopy-ci/arm64-sysroot)
arm64_need=()
command -v qemu-aarch64 >/dev/null 2>&1 || arm64_need+=(qemu-user)
command -v socat >/dev/null 2>&1 || arm64_need+=(socat)
apt_install "${arm64_need[@]}"
arm64_sysroot=${CANOPY_ARM64_SYSROOT:-$HOME/.cache/canopy-ci/arm64-sysroot}
if [ ! -x "$arm64_sysroot/usr/lib/jvm/java-17-openjdk-arm64/bin/java" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo ".ci/run: unpacking Debian's openjdk-17-jre-headless:arm64 into $arm64_sysroot"
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
      dpkg --add-architecture arm64
      APT_UPDATED=0
    fi
    if [ "$APT_UPDATED" = 0 ]; then apt-get update -qq >/dev/null; APT_UPDATED=1; fi
    arm64_debs=$(mktemp -d)
    chmod 755 "$arm64_debs" # apt-get download drops root for _apt
    (cd "$arm64_debs" && apt-get download -qq openjdk-17-jre-headless:arm64 libc6:arm64 libgcc-s1:arm64 \
      libstdc++6:arm64 zlib1g:arm64 >/dev/null)
    rm -rf "$arm64_sysroot.new"
    mkdir -p "$arm64_sysroot.new"
    for deb in "$arm64_debs"/*.deb; do dpkg-deb -x "$deb" "$arm64_sysroot.new"; done
    # the JRE's absolute links (lib/jvm.cfg -> /etc/java-17-openjdk/jvm-arm64.cfg, ...) are followed by the host kernel,
    # not by QEMU: point them into the sysroot
    find "$arm64_sysroot.new" -type l | while read -r link; do
      target=$(readlink "$link")
      case "$target" in /*) ln -sfn "$arm64_sysroot${target}" "$link";; esac
    done
    rm -rf "$arm64_debs" "$arm64_sysroot"
    mv "$arm64_sysroot.new" "$arm64_sysroot"
  else
    echo ".ci/run: the arm64 run needs Debian's arm64 Java in $arm64_sysroot (run .ci/run as root once)" >&2
  fi
fi
export CANOPY_ARM64_SYSROOT="$arm64_sysroot"
unset arm64_need arm64_sysroot arm64_debs
