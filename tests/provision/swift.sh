#!/usr/bin/env bash
# tests/provision/swift.sh CACHE_DIR           make the chroot (root, network; once)
# tests/provision/swift.sh --check CACHE_DIR   is it made? (no root, no network, no writes
#                                              beyond refreshing the wrapper where allowed)
#
# Builds (once) or reuses a Debian trixie chroot with Debian's swiftlang package (Swift 6.0.x:
# swiftc, `swift build`/`swift test`, Foundation, XCTest, Swift Testing) under
# CACHE_DIR/trixie-swift, and the SVG renderer and font the iOS board goldens are drawn with
# (librsvg's rsvg-convert, DejaVu). The host is Debian 12 (bookworm), whose glibc is too old for
# swiftlang, hence the chroot. It also writes CACHE_DIR/swift-run.sh, which runs one command inside it:
#
#     CACHE_DIR/swift-run.sh WORKDIR CMD [ARGS...]
#
# WORKDIR (and every directory in $SWIFT_EXTRA_BINDS, space separated) is bind-mounted at the
# same path inside the chroot and CMD runs there with WORKDIR as its working directory, under
# `env -i`: pass variables inside the command (`env A=b swift test`). The mounts live in a
# private mount namespace (unshare), so they vanish with the command and several runs may share
# the chroot at once. Run as another user than root, the wrapper enters a user namespace of its
# own (unshare --user --map-root-user) to mount and chroot, so running the tests needs no root
# once the chroot is made; that user's HOME inside the chroot is a folder of its own in /tmp.
#
# Idempotent: a second run only checks a stamp (no network). The Debian mirror is read at run
# time from the host's apt sources. Needs root (debootstrap, chroot, mount); installs debootstrap
# with apt-get when it is missing. First run: about 2.5 minutes and 2.6 GB.
set -euo pipefail

CHECK=0
if [[ "${1:-}" == --check ]]; then
    CHECK=1
    shift
fi
SUITE="${SWIFT_SUITE:-trixie}"
PKGS=(swiftlang libc6-dev librsvg2-bin fonts-dejavu-core)

CACHE="${1:?usage: $0 [--check] CACHE_DIR}"
[[ $CHECK -eq 1 && ! -d "$CACHE" ]] && { echo "[provision-swift] no $CACHE: run, as root, tests/provision/swift.sh $CACHE" >&2; exit 1; }
mkdir -p "$CACHE"
CACHE="$(cd "$CACHE" && pwd)"
ROOT="$CACHE/$SUITE-swift"
STAMP="$CACHE/.$SUITE-swift.ready"

log() { echo "[provision-swift] $*" >&2; }

# The wrapper is rewritten on every run (atomically), so a cache made by an older version of
# this script gets the current one.
write_wrapper() {
    local tmp="$CACHE/.swift-run.sh.$$"
    cat >"$tmp" <<'EOF'
#!/usr/bin/env bash
# swift-run.sh WORKDIR CMD [ARGS...]: runs CMD in the Swift chroot next to this script.
# Written by tests/provision/swift.sh. WORKDIR and $SWIFT_EXTRA_BINDS (space separated) are
# bind-mounted at the same paths; CMD runs under `env -i` with WORKDIR as its cwd.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$HERE/__SUITE__-swift"
# Private mount namespace: the mounts below disappear when the command ends, whatever happens,
# and concurrent runs do not unmount each other's directories.
# Another user than root maps itself to root in a user namespace of its own, which may mount
# and chroot (but not write the chroot's root-owned files).
if [[ -z "${SWIFT_RUN_IN_NS:-}" && $EUID -ne 0 ]]; then
    SWIFT_RUN_USER="$(id -u)" SWIFT_RUN_IN_NS=1 exec unshare --user --map-root-user --mount --propagation private \
        "${BASH_SOURCE[0]}" "$@"
fi
if [[ -z "${SWIFT_RUN_IN_NS:-}" ]] && command -v unshare >/dev/null 2>&1 \
    && unshare --mount --propagation private true 2>/dev/null; then
    SWIFT_RUN_IN_NS=1 exec unshare --mount --propagation private "${BASH_SOURCE[0]}" "$@"
fi
WORK="$(cd "${1:?usage: $0 WORKDIR CMD...}" && pwd)"; shift
MOUNTS=()
cleanup() {
    [[ -n "${SWIFT_RUN_IN_NS:-}" ]] && return 0
    local i
    for ((i=${#MOUNTS[@]}-1; i>=0; i--)); do
        umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" || true
    done
}
trap cleanup EXIT
bindmnt() { mkdir -p "$2"; mountpoint -q "$2" && return 0; mount --rbind "$1" "$2"; MOUNTS+=("$2"); }
# (In a user namespace without a PID namespace of its own, proc can only be bound.)
mountpoint -q "$ROOT/proc" || { mount -t proc proc "$ROOT/proc" 2>/dev/null || mount --rbind /proc "$ROOT/proc"; MOUNTS+=("$ROOT/proc"); }
bindmnt /dev "$ROOT/dev"
for d in $WORK ${SWIFT_EXTRA_BINDS:-}; do d="$(cd "$d" && pwd)"; bindmnt "$d" "$ROOT$d"; done
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
HOME_IN=/root
[[ -n "${SWIFT_RUN_USER:-}" ]] && HOME_IN="/tmp/swift-home-$SWIFT_RUN_USER" && mkdir -p "$ROOT$HOME_IN"
chroot "$ROOT" /usr/bin/env -i HOME="$HOME_IN" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
    TERM="${TERM:-dumb}" /bin/bash -c 'cd "$0" && exec "$@"' "$WORK" "$@"
EOF
    sed -i "s/__SUITE__/$SUITE/" "$tmp"
    chmod +x "$tmp"
    mv -f "$tmp" "$CACHE/swift-run.sh"
}

# Every package installed (a chroot made by an older version of this script gets the new ones).
ready() {
    [[ -f "$STAMP" ]] || return 1
    local p
    for p in "${PKGS[@]}"; do
        [[ -f "$ROOT/var/lib/dpkg/info/$p.list" || -f "$ROOT/var/lib/dpkg/info/$p:amd64.list" ]] || return 1
    done
}

# (/usr/bin/swift in the chroot is an absolute symlink, so the dpkg file list is what we test.)
if ready; then
    # (A cache made by root may not be writable by whoever runs the tests: its wrapper stays.)
    { write_wrapper 2>/dev/null || [[ -x "$CACHE/swift-run.sh" ]]; } \
        || { log "cannot write $CACHE/swift-run.sh"; exit 1; }
    log "reusing $ROOT ($(cat "$STAMP"))"
    exit 0
fi
if [[ $CHECK -eq 1 ]]; then
    log "the Swift chroot is not made (or lacks packages): run, as root, tests/provision/swift.sh $CACHE"
    exit 1
fi
[[ $EUID -eq 0 ]] || { log "must run as root"; exit 1; }

# One provisioning at a time; a second caller waits, then finds the stamp.
exec 9>"$CACHE/.provision.lock"
flock 9
if ready; then
    write_wrapper
    log "reusing $ROOT ($(cat "$STAMP"))"
    exit 0
fi

# The Debian mirror of the host's apt configuration (deb822 first, then the one-line format).
discover_mirror() {
    local f=/etc/apt/sources.list.d/debian.sources m=""
    if [[ -r $f ]]; then
        # first stanza that is not the security archive; its first URI
        m="$(awk 'BEGIN{RS=""; FS="\n"} {u=""; sec=0
                for (i=1;i<=NF;i++) { if ($i ~ /^URIs:/) { split($i,a,/[ \t]+/); u=a[2] }
                                      if ($i ~ /^Suites:/ && $i ~ /security/) sec=1 }
                if (u != "" && !sec) { print u; exit } }' "$f")"
    fi
    if [[ -z $m ]]; then
        local list
        for list in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
            [[ -r $list ]] || continue
            m="$(awk '$1=="deb" && $0 !~ /security/ {
                        for (i=2;i<=NF;i++) if ($i ~ /^[a-z+]+:\/\//) { print $i; exit } }' "$list")"
            [[ -n $m ]] && break
        done
    fi
    [[ -n $m ]] || { log "cannot find a Debian mirror in the host apt sources"; exit 1; }
    echo "${m%/}"
}
MIRROR="$(discover_mirror)"
log "mirror from the host apt sources: $MIRROR"

command -v debootstrap >/dev/null 2>&1 || {
    log "installing debootstrap on the host"
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq debootstrap >/dev/null
}

# 1. Base system, built beside the final place and renamed, so that an interrupted run leaves
#    nothing half-made behind.
if [[ ! -x "$ROOT/usr/bin/apt-get" ]]; then
    tmp="$ROOT.partial"
    rm -rf --one-file-system "$tmp"
    log "debootstrap --variant=minbase $SUITE (log: $CACHE/debootstrap.log)"
    debootstrap --variant=minbase "$SUITE" "$tmp" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
        || { log "debootstrap failed, see $CACHE/debootstrap.log"; tail -5 "$CACHE/debootstrap.log" >&2; exit 1; }
    mv "$tmp" "$ROOT"
fi

# 2. The Swift toolchain inside the chroot.
echo "deb $MIRROR $SUITE main" >"$ROOT/etc/apt/sources.list"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
MOUNTED=()
cleanup() {
    local i
    for ((i=${#MOUNTED[@]}-1; i>=0; i--)); do
        umount "${MOUNTED[i]}" 2>/dev/null || umount -l "${MOUNTED[i]}" || true
    done
}
trap cleanup EXIT
mountpoint -q "$ROOT/proc" || { mount -t proc proc "$ROOT/proc"; MOUNTED+=("$ROOT/proc"); }
mountpoint -q "$ROOT/dev" || { mount --bind /dev "$ROOT/dev"; MOUNTED+=("$ROOT/dev"); }
mountpoint -q "$ROOT/dev/pts" || { mount --bind /dev/pts "$ROOT/dev/pts"; MOUNTED+=("$ROOT/dev/pts"); }
log "apt-get install ${PKGS[*]} (inside the chroot)"
chroot "$ROOT" /usr/bin/env DEBIAN_FRONTEND=noninteractive /bin/sh -c \
    "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${PKGS[*]} >/dev/null && apt-get clean"
ver="$(chroot "$ROOT" swift --version 2>&1 | head -1)"
cleanup
MOUNTED=()
trap - EXIT

write_wrapper
echo "$ver" >"$STAMP"
log "ready: $ver; run: $CACHE/swift-run.sh WORKDIR swift test ..."
