#!/usr/bin/env bash
# Prepares the previous release, the commit of the newest upgrade fixture
# (tests/fixtures/upgrade/<date>-<commit>/), for tests/postgres/previous-release.test.ts to start
# beside today's schema: its files exported from this clone's history into a cache that outlives
# the clone, its own dependencies (its lockfile) and its production build. Done once per release:
# a marker written last says the preparation finished, so an interrupted one is done again and a
# finished one reused.
#
#   scripts/previous-release.sh
#
# Prints the steps and their seconds on stderr, and the release's directory on stdout.
# The cache: ${XDG_CACHE_HOME:-~/.cache}/vitrine/releases/<commit>/ (remove it to prepare again);
# a release unused for 14 days is removed from it.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
say() { echo "$@" >&2; }

# The newest fixture's release: the one whose commit came last (several releases share a date).
newest=0
for folder in "$root"/tests/fixtures/upgrade/*/; do
  id=$(basename "$folder")
  if ! committed=$(git -C "$root" show -s --format=%ct "${id##*-}^{commit}" 2>/dev/null); then
    say "O commit da versão $id não está no histórico deste clone (clone raso?): rode 'git fetch --unshallow'."
    exit 1
  fi
  if [ "$committed" -gt "$newest" ]; then
    newest=$committed
    release_id=$id
  fi
done
commit=$(git -C "$root" rev-parse "${release_id##*-}^{commit}")
cache="${XDG_CACHE_HOME:-$HOME/.cache}/vitrine/releases"
release="$cache/$commit"
marker="$release/.vitrine-preparada"

mkdir -p "$cache"
# Two runs on one machine (two clones, two CI jobs) prepare the same release one after the other;
# the commands a run started hold the lock too, until they end.
exec 9>"$release.lock"
if ! flock -n 9; then
  say "Outra preparação da versão $release_id está em andamento; esperando que termine…"
  flock 9
fi

# A release no run has used for two weeks (an old branch's previous release) leaves the cache: each
# takes some 750 MB. The marker's time is the release's last use; one in preparation is locked.
remove_unused_releases() {
  local other
  for other in "$cache"/*/; do
    other=${other%/}
    [ "$other" = "$release" ] && continue
    [ -n "$(find "$other/.vitrine-preparada" -mtime -14 2>/dev/null)" ] && continue
    (
      flock -n 9 || exit 0
      rm -rf "$other" "$other.log"
      say "Removida do cache a versão $(basename "$other") (sem uso há 14 dias, ou preparação interrompida)"
    ) 9>"$other.lock"
  done
}

if [ -f "$marker" ]; then
  touch "$marker"
  say "Versão anterior $release_id já preparada em $release"
  remove_unused_releases
  echo "$release"
  exit 0
fi

# Runs "$@" in the release's directory as the step $1 and prints its seconds; what the command
# printed is kept in $log and shown only when it fails.
log="$release.log"
step() {
  local name=$1 started=$SECONDS
  shift
  say "==> $name"
  if ! (cd "$release" && "$@") >"$log" 2>&1; then
    cat "$log" >&2
    say "Falhou: $name (a versão anterior será preparada de novo na próxima execução)"
    exit 1
  fi
  say "    $name: $((SECONDS - started)) s"
}

started=$SECONDS
say "Preparando a versão anterior $release_id em $release"
rm -rf "$release"
mkdir -p "$release"
git -C "$root" archive "$commit" | tar -x -C "$release"
step "dependências (npm ci)" npm ci --prefer-offline --no-audit --no-fund --loglevel=error
step "build de produção (npm run build)" npm run --silent build
date -u +%FT%TZ >"$marker"
say "Versão anterior $release_id preparada em $((SECONDS - started)) s"
remove_unused_releases
echo "$release"
