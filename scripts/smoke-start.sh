#!/usr/bin/env bash
# Smoke check of the README's start command, as a newcomer uses it (run by .ci/run after the
# tests): `npm start` serves on the embedded SQLite database, a bad PORT answers one clear line,
# and stopping the PID of `npm start` stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."

port=$((20000 + RANDOM % 20000))
data=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$data" "$log"' EXIT

out=$(PORT=abc npm start --silent 2>&1 || true)
lines=$(printf '%s\n' "$out" | grep -c 'cartax api:' || true)
printf '%s\n' "$out" | grep -q 'PORT must be a whole number' || { echo "smoke: PORT=abc gave: $out"; exit 1; }
[ "$lines" = 1 ] || { echo "smoke: PORT=abc did not give exactly one line"; exit 1; }

PORT=$port CARTAX_DATA_DIR="$data" npm start >"$log" 2>&1 &
npm_pid=$!
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/health" >/dev/null || { echo "smoke: npm start did not serve"; cat "$log"; exit 1; }
[ -f "$data/cartax.sqlite" ] || { echo "smoke: no SQLite file in CARTAX_DATA_DIR"; exit 1; }

kill -TERM "$npm_pid"
for _ in $(seq 1 20); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 || break
  sleep 0.5
done
if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
  echo "smoke: the server still answers after npm start was stopped"; exit 1
fi
echo "smoke: npm start serves, refuses a bad PORT in one line, and stops with its PID"
