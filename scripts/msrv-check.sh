#!/usr/bin/env bash
# Checks that the library builds on its declared MSRV (`rust-version` in Cargo.toml) with
# Debian's Rust 1.85 (`rustc-web`/`cargo-web`), not with whichever toolchain is first on PATH.
#
#   bash scripts/msrv-check.sh
#
# It installs the pinned Debian packages if they are missing (needs root and apt), copies what
# `cargo check --lib` needs to a temporary directory, removes from the copied manifest what only
# tests, benchmarks and examples use (their dependencies need newer compilers than the library),
# and runs `cargo check --lib --all-features` there with RUSTC pointing at Debian's rustc.
# Debian's cargo runs the first `rustc` on PATH otherwise (often a rustup one), and the check
# would pass on any compiler.
set -euo pipefail

msrv=1.85
debian_version=1.85.0+dfsg3-1~deb12u3 # rustc-web and cargo-web; a plain install picks newer ones
root=$(cd "$(dirname "$0")/.." && pwd)
say() { printf 'msrv: %s\n' "$*"; }
fail() {
  printf 'msrv: error: %s\n' "$*" >&2
  exit 1
}

grep -qx "rust-version = \"$msrv\"" "$root/Cargo.toml" ||
  fail "Cargo.toml does not declare rust-version = \"$msrv\"; update this script with it"

# --- Debian's Rust 1.85, pinned -------------------------------------------------------------
installed() { dpkg-query -W -f='${Status} ${Version}' "$1" 2>/dev/null || true; }
if [ "$(installed rustc-web)" != "install ok installed $debian_version" ] ||
  [ "$(installed cargo-web)" != "install ok installed $debian_version" ]; then
  [ "$(id -u)" -eq 0 ] || fail "rustc-web/cargo-web $debian_version are not installed, and installing them needs root"
  say "installing rustc-web and cargo-web $debian_version"
  log=$(mktemp)
  install_pinned() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends --allow-downgrades \
      "rustc-web=$debian_version" "cargo-web=$debian_version" >"$log" 2>&1
  }
  if ! install_pinned; then
    # The package lists may predate the pinned version (or have never been fetched).
    apt-get update -qq >>"$log" 2>&1 || true
    install_pinned || {
      tail -n 20 "$log" >&2
      fail "could not install rustc-web=$debian_version cargo-web=$debian_version"
    }
  fi
  rm -f "$log"
fi

# Debian's binaries by the packages' own file lists, never by PATH.
rustc=$(dpkg -L rustc-web | grep -xE '/usr/bin/rustc' || true)
cargo=$(dpkg -L cargo-web | grep -xE '/usr/bin/cargo' || true)
[ -x "$rustc" ] || fail "rustc-web does not provide /usr/bin/rustc"
[ -x "$cargo" ] || fail "cargo-web does not provide /usr/bin/cargo"
rustc_version=$("$rustc" --version)
cargo_version=$("$cargo" --version)
[[ $rustc_version == "rustc $msrv."* ]] || fail "$rustc reports '$rustc_version', not $msrv"
[[ $cargo_version == "cargo $msrv."* ]] || fail "$cargo reports '$cargo_version', not $msrv"
export RUSTC=$rustc
unset RUSTC_WRAPPER RUSTC_WORKSPACE_WRAPPER RUSTUP_TOOLCHAIN
say "$rustc_version at $rustc; $cargo_version at $cargo"

# --- the library alone, in a copy -----------------------------------------------------------
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
cp -R Cargo.toml Cargo.lock src "$work/"
for file in build.rs README.md LICENSE*; do
  if [ -e "$file" ]; then cp -R "$file" "$work/"; fi
done
# Files the sources pull in with include_str!/include_bytes!, relative to the including file.
{ grep -rnoE 'include_(str|bytes)!\(\s*"[^"]+"' src || true; } | while IFS=: read -r file _ match; do
  included=${match#*\"}
  included=${included%\"}
  path=$(realpath -m --relative-to="$root" "$(dirname "$file")/$included")
  case $path in ../* | /*) fail "$file includes $included, outside the crate" ;; esac
  mkdir -p "$work/$(dirname "$path")"
  cp "$path" "$work/$path"
done

# Keep [package], [dependencies], [features], [lints] and [workspace.lints] (and other sections
# the library build reads); drop the sections only tests, benchmarks and examples use, and the
# workspace's member list (the copy holds the library alone). Tables start at a line
# beginning with `[`; arrays spanning lines in Cargo.toml must not have lines starting with `[`.
awk '
  /^[[:space:]]*\[/ {
    header = $0
    sub(/[[:space:]]*#.*$/, "", header)
    gsub(/[[:space:]]/, "", header)
    drop = header ~ /^\[\[(bench|test|example)\]\]$/ ||
      header ~ /^\[(target\..*\.)?dev-dependencies(\..*)?\]$/ ||
      header ~ /^\[(target\..*\.)?dev_dependencies(\..*)?\]$/ ||
      header ~ /^\[badges(\..*)?\]$/ ||
      header ~ /^\[workspace\]$/
  }
  !drop
' Cargo.toml >"$work/Cargo.toml"
if grep -qE '^[[:space:]]*\[\[?(bench|test|example)|dev[-_]dependencies' "$work/Cargo.toml"; then
  fail "could not strip dev-only sections from the copied Cargo.toml"
fi
# The copy is its own workspace, so that no Cargo.toml above the temporary directory joins in.
grep -qE '^[[:space:]]*\[workspace\]' "$work/Cargo.toml" || printf '\n[workspace]\n' >>"$work/Cargo.toml"

# Cargo 1.85 reads lockfiles up to version 4. A newer cargo may write a later version: then
# the copy resolves afresh (MSRV-aware under edition 2024's resolver), and the check below
# still rejects any dependency whose rust-version is above 1.85.
lock_version=$(sed -n 's/^version = \([0-9]*\)$/\1/p' Cargo.lock | head -n 1)
regenerated=
if [ "${lock_version:-0}" -gt 4 ]; then
  say "Cargo.lock is version $lock_version, which cargo $msrv cannot read: resolving afresh"
  rm "$work/Cargo.lock"
  regenerated=yes
fi

cd "$work"
# Resolve and download, offline if the registry cache has everything, else from crates.io.
# The copy's lockfile loses the dev-dependencies' entries; nothing else may change.
"$cargo" fetch -q --offline 2>/dev/null || "$cargo" fetch -q
resolved=$(awk '/^name = /{gsub(/"/, "", $3); name = $3} /^version = "/{gsub(/"/, "", $3); print name, $3}' \
  Cargo.lock | grep -v '^informed ' | sort)
if [ -z "$regenerated" ]; then
  locked=$(awk '/^name = /{gsub(/"/, "", $3); name = $3} /^version = "/{gsub(/"/, "", $3); print name, $3}' \
    "$root/Cargo.lock" | sort)
  changed=$(comm -23 <(printf '%s\n' "$resolved") <(printf '%s\n' "$locked"))
  [ -z "$changed" ] || fail "versions not in the project's Cargo.lock: $(printf '%s\n' "$changed" | paste -sd, -)"
fi
say "dependencies: $(printf '%s\n' "$resolved" | paste -sd, - | sed 's/,/, /g')"

if ! "$cargo" check -q --lib --all-features --message-format short; then
  fail "the library does not build with $rustc_version (rust-version = \"$msrv\")"
fi
say "the library builds with $rustc_version"
