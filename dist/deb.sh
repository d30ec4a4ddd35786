#!/bin/sh
# Builds the Debian package, pbemd_<version>_<arch>.deb, into DIR (default
# build/): the binary (static, with the revision stamped in where the
# source is a git clone), the example config, the systemd unit, the
# pbemd user and the docs, as dist/nfpm.yaml lists them.
#   dist/deb.sh [DIR]
set -eu
cd "$(dirname "$0")/.."
out=$(mkdir -p "${1:-build}" && cd "${1:-build}" && pwd)
stage=build/stage # as dist/nfpm.yaml names it
mkdir -p "$stage"
CGO_ENABLED=0 go build -buildvcs=auto -trimpath -ldflags="-s -w" -o "$stage/pbemd" ./cmd/pbemd
"$stage/pbemd" config example >"$stage/pbemd.yaml"

# A Debian version from the module version: v1.4.0 is 1.4.0; a
# pseudo-version v0.0.0-20261202043245-1d6c8f07dc09 is
# 0.0.0~git20261202043245.1d6c8f07dc09, below any release; none is 0.0.0~dev.
module=$("$stage/pbemd" version | sed -n '1s/^pbemd //p')
case "$module" in
v[0-9]*-*) version=$(echo "$module" | sed -E 's/^v([0-9.]+)-(0\.)?([0-9]{14})-([0-9a-f]+).*/\1~git\3.\4/') ;;
v[0-9]*) version=${module#v} ;;
*) version=0.0.0~dev ;;
esac

PBEMD_VERSION=$version PBEMD_ARCH=$(go env GOARCH) \
	go tool nfpm package --config dist/nfpm.yaml --packager deb --target "$out/"
rm -r "$stage"
