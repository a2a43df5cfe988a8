#!/usr/bin/env bash
# Regenerates the upgrade fixture of one earlier release (tests/fixtures/upgrade/<date>-<commit>/):
# checks the release out in a temporary worktree, gives it its dependencies, and lets populate.ts
# start it on a fresh embedded database and on a fresh PostgreSQL database, use it over HTTP and
# keep what it wrote. See tests/fixtures/upgrade/README.md.
#
#   scripts/upgrade-fixtures/generate.sh <commit>
#
# TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
set -euo pipefail

root=$(git rev-parse --show-toplevel)
commit=$(git -C "$root" rev-parse --short=7 "${1:?Uso: scripts/upgrade-fixtures/generate.sh <commit>}^{commit}")
release_id="$(git -C "$root" show -s --format=%cs "$commit")-$commit"
work=$(mktemp -d)
cleanup() {
  git -C "$root" worktree remove --force "$work/release" 2>/dev/null || true
  git -C "$root" worktree prune
  rm -rf "$work"
}
trap cleanup EXIT

git -C "$root" worktree add --detach "$work/release" "$commit" >/dev/null
if git -C "$root" diff --quiet "$commit" HEAD -- package-lock.json; then
  ln -s "$root/node_modules" "$work/release/node_modules"
else
  # A copy of this checkout's dependencies (not hard links: npm writes some files in place),
  # brought to the release's own lockfile: npm fetches only the packages that differ.
  cp -a "$root/node_modules" "$work/release/node_modules"
  (cd "$work/release" && npm install --no-audit --no-fund --prefer-offline --ignore-scripts --loglevel=error)
fi

cd "$root"
TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} \
  npx tsx scripts/upgrade-fixtures/populate.ts "$work/release" "tests/fixtures/upgrade/$release_id"
