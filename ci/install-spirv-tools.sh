#!/usr/bin/env bash
# Installs SPIRV-Tools 2026.4 (spirv-val, spirv-as, spirv-dis, spirv-opt,
# spirv-link, ...) into $KILN_SPIRV_TOOLS_DIR (default /opt/kiln/spirv-tools):
# Debian forky's (or sid's) spirv-tools 2026.4~rc2-1, whose validator knows
# SPV_ARM_tensors, SPV_ARM_graph, SPV_KHR_cooperative_matrix and the other
# extensions of the grammar in /opt/kiln/spirv-headers. Debian 12's v2023.1
# rejects them. Forky's binaries need glibc 2.38 and libstdc++ 13 (Debian 12
# has 2.36 and 12), so forky's libc6, libstdc++6 and libgcc-s1 come along:
# they are unpacked with dpkg-deb -x into the folder's lib/, never installed,
# and each bin/ program is a wrapper that runs the real one (in libexec/)
# through that folder's dynamic loader with that folder as its library path.
# The packages come from the system's Debian mirror through apt-get with a
# private source list and state (the system's sources are not touched),
# pinned by version and by the sha256 of each .deb; a package missing from
# forky is looked for in sid. A run with the same packages already installed
# does nothing.
set -euo pipefail

dir=${KILN_SPIRV_TOOLS_DIR:-/opt/kiln/spirv-tools}
version=2026.4~rc2-1
# package=version sha256 of the .deb, one a line.
pins="spirv-tools=$version a1adafdf7f9f1046b9bd821fd613836ccaf976fef66842ebf73a806277921ced
libc6=2.43-7 5c71715c51103beb4fbba9fe9f8dff604af6610dfa71c70bff342f54a7860803
libstdc++6=16.2.0-3 7c9e1a89e6c0b9202699957b469c06d0b86f5c97e86c1ff912b6502ddd8793b6
libgcc-s1=16.2.0-3 e716dc8baad27e884c45ff83a76955047a7a9e33a80e94f9459ee996ebb800b0"
# The programs the package ships (spirv-lesspipe.sh, a less(1) filter, is left out).
tools=(spirv-as spirv-cfg spirv-diff spirv-dis spirv-link spirv-lint spirv-objdump spirv-opt spirv-reduce spirv-val)

sudo_cmd=""
if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi

# PINS records what is installed; the wrappers are checked to run.
if [ "$(cat "$dir/PINS" 2>/dev/null)" = "$pins" ] &&
  "$dir/bin/spirv-val" --version 2>/dev/null | grep -q '^SPIRV-Tools v2026\.4 '; then
  echo "spirv-tools: $version already installed in $dir"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/debs"
# The mirror is the one the system's own Debian source uses.
mirror=$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
if [ -z "$mirror" ]; then
  echo "spirv-tools: no Debian source in /etc/apt to fetch $version from" >&2
  exit 1
fi
apt_opts=(-o "Dir::Etc::sourcelist=$tmp/sources.list" -o Dir::Etc::sourceparts=/dev/null
  -o "Dir::State::Lists=$tmp/lists" -o "Dir::Cache=$tmp/cache" -o APT::Sandbox::User=root)
for suite in forky sid; do
  echo "deb $mirror $suite main" >"$tmp/sources.list"
  rm -rf "$tmp/lists" && mkdir -p "$tmp/lists/partial"
  apt-get "${apt_opts[@]}" update -qq || continue
  while read -r pv _; do
    p=${pv%%=*}
    if ! ls "$tmp/debs/${p}"_*.deb >/dev/null 2>&1; then
      (cd "$tmp/debs" && apt-get "${apt_opts[@]}" download -qq "$pv" 2>/dev/null) || true
    fi
  done <<<"$pins"
done
mkdir -p "$tmp/x"
while read -r pv sum; do
  p=${pv%%=*}
  deb=$(ls "$tmp/debs/${p}"_*.deb 2>/dev/null || true)
  if [ -z "$deb" ]; then
    echo "spirv-tools: $pv is in neither forky nor sid on $mirror" >&2
    exit 1
  fi
  if ! echo "$sum  $deb" | sha256sum --check --status; then
    echo "spirv-tools: sha256 mismatch for $deb; refusing to install" >&2
    sha256sum "$deb" >&2
    exit 1
  fi
  dpkg-deb -x "$deb" "$tmp/x"
done <<<"$pins"

# lib/: the loader and the shared libraries (not gconv's modules: the
# tools do no character set conversion). libexec/: the real programs.
mkdir -p "$tmp/out/lib" "$tmp/out/libexec" "$tmp/out/bin"
cp -a "$tmp/x/usr/lib/x86_64-linux-gnu/"*.so* "$tmp/out/lib/"
for t in "${tools[@]}"; do
  cp "$tmp/x/usr/bin/$t" "$tmp/out/libexec/"
  # --argv0 keeps the name the tool was called by in its messages;
  # --inhibit-cache keeps the system's /etc/ld.so.cache (Debian 12's
  # libraries) out of the search.
  cat >"$tmp/out/bin/$t" <<EOF
#!/bin/sh
# SPIRV-Tools $version from Debian, run with its own glibc and libstdc++
# (ci/install-spirv-tools.sh).
exec "$dir/lib/ld-linux-x86-64.so.2" --inhibit-cache --library-path "$dir/lib" --argv0 "\$0" "$dir/libexec/$t" "\$@"
EOF
  chmod 755 "$tmp/out/bin/$t"
done
echo "$pins" >"$tmp/out/PINS"

$sudo_cmd rm -rf "$dir.new"
$sudo_cmd mkdir -p "$(dirname "$dir")"
$sudo_cmd cp -a "$tmp/out" "$dir.new"
$sudo_cmd rm -rf "$dir"
$sudo_cmd mv "$dir.new" "$dir"
"$dir/bin/spirv-val" --version | head -1
echo "spirv-tools: installed $version in $dir"
