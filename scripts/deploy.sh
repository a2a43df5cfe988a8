#!/usr/bin/env bash
# Publishes a release of the store beside the one running, without touching its files: the commit's
# files in a folder of their own under HOME/releases/, with their own dependencies and production
# build, then HOME/current switched to it in one rename(2). The running processes keep the folder
# they started from; each restarted one starts from the new release (README, 'Publicar uma nova
# versão'; docs/decisions/0026-deploys-and-drain.md).
#
#   scripts/deploy.sh HOME [COMMIT]     (COMMIT: default HEAD of this clone)
#
# HOME holds the store's .env and data (DATA_DIR), releases/ and the link current; the processes
# run `node HOME/current/server.js` from HOME. The three newest releases are kept (the current one,
# and the ones before it that a process may still run until its restart); older ones are removed.
set -euo pipefail

KEEP_RELEASES=3

usage="Uso: scripts/deploy.sh PASTA_DA_LOJA [COMMIT]"
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
mkdir -p "${1:?$usage}"
home=$(realpath "$1")
commit=$(git -C "$root" rev-parse --verify --quiet "${2:-HEAD}^{commit}") ||
  { echo "Commit desconhecido neste clone: ${2:-HEAD}" >&2; exit 1; }
id="$(date -u +%Y-%m-%dT%H-%M-%SZ)-${commit:0:7}"
releases="$home/releases"
release="$releases/$id"
current="$home/current"
started=$SECONDS

say() { echo "$@" >&2; }

mkdir -p "$releases"
say "Versão $id em $release"
mkdir "$release"
# A deploy that fails leaves nothing behind and current as it was.
switched=false
trap '$switched || rm -rf "$release"' EXIT
git -C "$root" archive "$commit" | tar -x -C "$release"

# The same lockfile as the running release: its dependencies, hard-linked (nothing is ever written
# into a release's node_modules after its deploy, so the two never see each other change).
if [ -d "$current/node_modules" ] && cmp -s "$current/package-lock.json" "$release/package-lock.json"; then
  say "==> dependências: as mesmas da versão em uso (package-lock.json igual), ligadas"
  cp -al "$(realpath "$current")/node_modules" "$release/node_modules"
else
  say "==> dependências (npm ci)"
  (cd "$release" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
fi

say "==> build de produção"
# The running release's assets go into the new build: a page it rendered loads from any process.
carry=()
[ -e "$current" ] && carry=(--carry-from "$(realpath "$current")")
(cd "$release" && node scripts/build.js "${carry[@]}")

ln -sfn "releases/$id" "$home/current.next"
mv -T "$home/current.next" "$current"
switched=true
say "Em uso: current → releases/$id ($((SECONDS - started)) s). Reinicie as instâncias uma por vez."

# Oldest first, by name (their names begin with the time of their deploy).
mapfile -t old < <(find "$releases" -mindepth 1 -maxdepth 1 -type d -printf "%f\n" | LC_ALL=C sort | head -n -"$KEEP_RELEASES")
for name in "${old[@]}"; do
  [ "$releases/$name" = "$(realpath "$current")" ] && continue
  rm -rf "${releases:?}/$name"
  say "Versão antiga removida: $name"
done
