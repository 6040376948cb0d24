#!/usr/bin/env bash
# tests/workflows/run.sh: the build definitions for what cannot run here (.github/workflows:
# the iOS build on a Mac runner, the Android build with the SDK and NDK) checked with actionlint:
# workflow syntax, job and step keys, expressions and their types, the inputs of the actions
# used, runner labels, and each `run:` script through shellcheck when it is installed. A
# planted fault (an undefined step output, an unknown input) must be refused, so that a linter
# that checks nothing cannot pass.
set -euo pipefail
cd "$(dirname "$0")/../.."
ACTIONLINT="$(tests/provision/actionlint.sh "${TAFL_CACHE:-$HOME/.cache/tafl-toolchains}")"
if command -v shellcheck >/dev/null; then
    with="with shellcheck on the run: scripts"
else
    with="without shellcheck (not installed: the run: scripts are not linted)"
fi
workflows=(.github/workflows/*.yml)
"$ACTIONLINT" "${workflows[@]}"
echo "actionlint $("$ACTIONLINT" -version | head -n 1): ${#workflows[@]} workflows pass, $with"

probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
mkdir -p "$probe/.github/workflows"
# Each fault alone, in a copy of the iOS workflow: a step id that does not exist, an input the
# action does not have, a runner no one offers.
faults=('s/steps\.simulator\.outputs/steps.simulatr.outputs/'
        's/if-no-files-found: ignore/if-no-file-found: ignore/'
        's/runs-on: macos-15/runs-on: macos-99-arm/')
for fault in "${faults[@]}"; do
    sed -e "$fault" .github/workflows/ios.yml > "$probe/.github/workflows/ios.yml"
    if cmp -s .github/workflows/ios.yml "$probe/.github/workflows/ios.yml"; then
        echo "tests/workflows/run.sh: the fault $fault changed nothing (the workflow moved on?)" >&2
        exit 1
    fi
    if (cd "$probe" && "$ACTIONLINT" .github/workflows/ios.yml >/dev/null 2>&1); then
        echo "tests/workflows/run.sh: actionlint passed the planted fault $fault" >&2
        exit 1
    fi
done
echo "actionlint refuses each of ${#faults[@]} planted faults (a missing step id, an unknown input, an unknown runner)"
