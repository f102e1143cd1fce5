#!/usr/bin/env bash
# Installs the SPIR-V grammar that spirv/spv's tables are generated from into
# $KILN_SPIRV_HEADERS_DIR (default /opt/kiln/spirv-headers): spirv-headers
# 1.6.1+1.4.363.0-1 from Debian forky (or sid), with SPV_KHR_cooperative_matrix,
# SPV_INTEL_cache_controls, BFloat16ConversionINTEL, SPV_EXT_replicated_composites,
# SPV_ARM_tensors, SPV_ARM_graph and the TOSA.001000.1 extended instruction set.
# Debian 13 ships 1.4.309, which lacks the ARM extensions and the TOSA set;
# Debian 12 ships 1.3.239, which has none of them. The package comes from the
# system's Debian mirror through apt-get with a private source list and state
# (the system's sources are not touched), pinned by the sha256 of the .deb;
# its usr/include/spirv is copied to the folder. A run with the grammar
# already there (matching hash) does nothing.
set -euo pipefail

dir=${KILN_SPIRV_HEADERS_DIR:-/opt/kiln/spirv-headers}
version=1.6.1+1.4.363.0-1
want_deb=c2f672862dac160e37d27c23b3823733eeafbf4d4d20153e1c42c2e0eba8847e
want_grammar=c125a0fbf6730fde4625fef2618c4f7611ab42edf9b2ad5bb9291002b10bfad3

sudo_cmd=""
if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi

if echo "$want_grammar  $dir/unified1/spirv.core.grammar.json" | sha256sum --check --status 2>/dev/null; then
  echo "spirv-headers: $version already installed in $dir"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial"
# The mirror is the one the system's own Debian source uses; the version is
# in forky and sid (a suite that has moved on is skipped).
mirror=$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
if [ -z "$mirror" ]; then
  echo "spirv-headers: no Debian source in /etc/apt to fetch $version from" >&2
  exit 1
fi
apt_opts=(-o "Dir::Etc::sourcelist=$tmp/sources.list" -o Dir::Etc::sourceparts=/dev/null
  -o "Dir::State::Lists=$tmp/lists" -o "Dir::Cache=$tmp/cache" -o APT::Sandbox::User=root)
deb=""
for suite in forky sid; do
  echo "deb $mirror $suite main" >"$tmp/sources.list"
  rm -rf "$tmp/lists" && mkdir -p "$tmp/lists/partial"
  apt-get "${apt_opts[@]}" update -qq || continue
  if (cd "$tmp" && apt-get "${apt_opts[@]}" download -qq "spirv-headers=$version"); then
    deb=$(ls "$tmp"/spirv-headers_*_all.deb)
    break
  fi
done
if [ -z "$deb" ]; then
  echo "spirv-headers: $version is in neither forky nor sid on $mirror" >&2
  exit 1
fi
if ! echo "$want_deb  $deb" | sha256sum --check --status; then
  echo "spirv-headers: sha256 mismatch for $deb; refusing to install" >&2
  sha256sum "$deb" >&2
  exit 1
fi
dpkg-deb -x "$deb" "$tmp/x"
$sudo_cmd mkdir -p "$dir"
$sudo_cmd cp -r "$tmp/x/usr/include/spirv/." "$dir/"
echo "$want_grammar  $dir/unified1/spirv.core.grammar.json" | sha256sum --check --status
echo "spirv-headers: installed $version in $dir"
