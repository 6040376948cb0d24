#!/usr/bin/env bash
# tests/provision/actionlint.sh CACHE_DIR
#
# Prints the path of actionlint (the GitHub Actions workflow linter, a Go module), building it
# once with `go install` at a pinned version into CACHE_DIR/actionlint-VERSION (its own GOPATH
# and build cache there too, nothing in the repository or in ~/go). Later runs only check that
# it is there. Needs Go 1.24 or newer on the PATH or in /usr/local/go; the module comes through
# Go's module proxy, as `go install` fetches any module.
set -euo pipefail
VERSION=v1.7.12
CACHE="${1:?usage: $0 CACHE_DIR}/actionlint-$VERSION"
BIN="$CACHE/bin/actionlint"
if [[ ! -x "$BIN" ]]; then
    GO="$(command -v go || true)"
    [[ -z "$GO" && -x /usr/local/go/bin/go ]] && GO=/usr/local/go/bin/go
    [[ -n "$GO" ]] || { echo "provision/actionlint.sh: Go is needed to build actionlint $VERSION" >&2; exit 2; }
    mkdir -p "$CACHE"
    echo "building actionlint $VERSION into $CACHE (once)" >&2
    GOBIN="$CACHE/bin" GOPATH="$CACHE/gopath" GOCACHE="$CACHE/gocache" GOFLAGS=-modcacherw \
        "$GO" install "github.com/rhysd/actionlint/cmd/actionlint@$VERSION" >&2
fi
"$BIN" -version >/dev/null
echo "$BIN"
