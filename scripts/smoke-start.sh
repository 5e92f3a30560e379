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

# The README's quick start: a subscription from the operator CLI, then a first Calculate with curl.
key=$(CARTAX_DATA_DIR="$data" npx --yes pnpm@10.34.9 --silent cartax subscription create --name smoke --calculation-access \
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).primaryKey')
status=$(curl -s -o "$data/calc.json" -w '%{http_code}' "http://127.0.0.1:$port/v1/Calculate?subscription-key=$key" \
  -H 'Content-Type: application/json' \
  -d '{"carDetail":{"catalogPrice":40000,"firstRegistration":"2025-03-01","fuel":"Petrol","euroStandard":"Euro6","kilowatt":110,"wltp":130,"nedC2":0,"capacity":1498},"userProfile":{"postalCode":9000,"status":"SelfEmployed","registrationOn":"CompanyRegistration","regionRegistration":"Flanders"},"options":{"registrationDate":"2025-03-01"}}')
[ "$status" = 200 ] || { echo "smoke: Calculate answered $status"; cat "$data/calc.json"; exit 1; }
grep -q '"calculationId"' "$data/calc.json" || { echo "smoke: no calculationId"; exit 1; }
grep -q "$key" "$log" && { echo "smoke: the key reached the log"; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/CarDetails/x")" = 401 ] || { echo "smoke: no 401 without a key"; exit 1; }

kill -TERM "$npm_pid"
for _ in $(seq 1 20); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 || break
  sleep 0.5
done
if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
  echo "smoke: the server still answers after npm start was stopped"; exit 1
fi
echo "smoke: npm start serves, the quick start works (CLI key, curl Calculate), a bad PORT gives one line, and stopping npm start stops the server"
