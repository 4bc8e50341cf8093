#!/usr/bin/env bash
# Builds, from this checkout, dist/target/canopy_<version>_all.deb and beside it dist/target/canopy-<version>.tar.gz:
# `bin/canopy dist` (needs Maven and a JDK 17; dpkg-deb for the .deb). The jar is built with Maven when it is missing
# or older than a source (as bin/canopy does), then a tree is staged under dist/target/stage and packed twice: with
# `dpkg-deb --build --root-owner-group`, and as a tarball of the same files under canopy-<version>/ (bin/canopy,
# share/canopy/canopy.jar, share/canopy/examples, ...: the launcher finds the jar relative to itself, so the
# tarball runs wherever it is unpacked). Prints the two paths, the .deb first (or only the tarball's, with a note on
# stderr, where dpkg-deb is missing).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="$root/dist"
out="$dist/target"
jar="$root/launch/target/canopy.jar"


# the jar: CANOPY_CDS=0 bin/canopy --version rebuilds it when stale, and nothing else
CANOPY_CDS=0 "$root/bin/canopy" --version >/dev/null

pom_version=$(sed -n 's|^  <version>\(.*\)</version>|\1|p' "$root/pom.xml" | head -1)
# 0.1.0-SNAPSHOT -> 0.1.0~snapshot.<commits> (sorts before 0.1.0, and later commits after earlier ones)
version="${pom_version%-SNAPSHOT}"
if [ "$version" != "$pom_version" ]; then
  count=$(git -C "$root" rev-list --count HEAD 2>/dev/null || echo 0)
  version="$version~snapshot.$count"
fi
version="${CANOPY_DEB_VERSION:-$version}"

stage="$out/stage"
rm -rf "$stage"
mkdir -p "$stage/DEBIAN"
d() { install -d -m 0755 "$stage/$1"; }
d usr/bin; d usr/share/canopy/examples; d usr/share/canopy/udev; d usr/share/doc/canopy; d usr/share/man/man1
d etc/canopy; d lib/systemd/system

install -m 0755 "$dist/canopy" "$stage/usr/bin/canopy"
install -m 0644 "$jar" "$stage/usr/share/canopy/canopy.jar"
(cd "$root/launch/examples" && find . -type f \( -name '*.xml' -o -name '*.scxml' \) -print0 \
  | while IFS= read -r -d '' f; do install -D -m 0644 "$f" "$stage/usr/share/canopy/examples/$f"; done)
install -m 0644 "$dist/udev/99-canopy-serial.rules" "$stage/usr/share/canopy/udev/"
install -m 0644 "$dist/systemd/canopy@.service" "$stage/lib/systemd/system/"
install -m 0644 "$dist/etc/canopy.env" "$stage/etc/canopy/"
[ -f "$root/docs/deploy.md" ] && install -m 0644 "$root/docs/deploy.md" "$stage/usr/share/doc/canopy/"
install -m 0644 "$dist/debian/copyright" "$stage/usr/share/doc/canopy/copyright"
sed "s/@VERSION@/$version/; s/@DATE@/$(LC_ALL=C date -R -d "@$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)")/" \
  "$dist/debian/changelog.in" | gzip -9n > "$stage/usr/share/doc/canopy/changelog.gz"
gzip -9n < "$dist/debian/canopy.1" > "$stage/usr/share/man/man1/canopy.1.gz"
chmod 0644 "$stage/usr/share/doc/canopy/changelog.gz" "$stage/usr/share/man/man1/canopy.1.gz"

for f in postinst prerm postrm; do install -m 0755 "$dist/debian/$f" "$stage/DEBIAN/$f"; done
install -m 0644 "$dist/debian/conffiles" "$stage/DEBIAN/conffiles"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed "s/@VERSION@/$version/; s/@SIZE@/$size/" "$dist/debian/control.in" > "$stage/DEBIAN/control"
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
  > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/md5sums" "$stage/DEBIAN/control"

if command -v dpkg-deb >/dev/null; then
  deb="$out/canopy_${version}_all.deb"
  rm -f "$out"/canopy_*_all.deb
  dpkg-deb -Zxz --build --root-owner-group "$stage" "$deb" >/dev/null
  echo "$deb"
else
  echo "canopy dist: dpkg-deb is missing (sudo apt install dpkg): building the tarball only" >&2
fi

# the tarball: the package's /usr tree (bin/canopy, share/canopy, share/doc, share/man) plus, under share/canopy,
# what the package puts elsewhere (the service unit, the environment file)
name="canopy-${version}"
tree="$out/tarball/$name"
rm -rf "$out/tarball"
mkdir -p "$tree"
cp -a "$stage/usr/." "$tree/"
install -m 0644 "$stage/lib/systemd/system/canopy@.service" "$tree/share/canopy/"
install -m 0644 "$stage/etc/canopy/canopy.env" "$tree/share/canopy/"
tarball="$out/$name.tar.gz"
rm -f "$out"/canopy-*.tar.gz
mtime="@$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)"
tar -C "$out/tarball" --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -cf - "$name" | gzip -9n >"$tarball"
echo "$tarball"
