#!/usr/bin/env bash
# Lighthouse (npm's, pinned in bench/lighthouse/ and installed there on first use, so make test never needs it)
# on Debian's chromium, as a phone: the home page, a scoreboard and a
# hand form of a 500 Rum game of four with two hands played, served by `scorekeeper serve` (waitress) on a
# throwaway data folder (and the hand form of a table of six, which comes folded). Prints Performance,
# Accessibility and Best Practices for each page, and the hand forms' paint, blocking and shift figures;
# the full reports go to test-artifacts/lighthouse/.
#
#   bench/lighthouse.sh            (after `make setup`)
#   PORT=5099 bench/lighthouse.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
PORT=${PORT:-5097}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
DATA=$(mktemp -d)
OUT=test-artifacts/lighthouse
mkdir -p "$OUT"
LIGHTHOUSE=bench/lighthouse/node_modules/.bin/lighthouse
# npm install, not npm ci: npm 11 refuses lighthouse 12's own lock file (third-party-web) under ci
[ -x "$LIGHTHOUSE" ] || npm install --prefix bench/lighthouse --no-audit --no-fund --loglevel=error

# a game to look at, stored through the sessions service before the server starts
EDIT=$("$PY" - "$DATA" <<'PY'
import sys
from scorekeeper import create_app
from scorekeeper.tables import service

app = create_app(data_dir=sys.argv[1])
with app.app_context():
    names = ["Ann", "Ben", "Cy", "Dot"]
    gs = service.create_session("rummy500", {}, names)
    service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": dict(zip(names, (85, -10, 35, 5)))})
    service.add_hand(gs, {"ended": "went_out", "went_out": "Cy", "points": dict(zip(names, (-20, 40, 95, -5)))})
    # a long table's form too: five or more players come folded
    six = service.create_session("rummy500", {}, names + ["Eve", "Fay"])
    print(gs.edit_token, six.edit_token)
PY
)
read -r EDIT SIX <<<"$EDIT"

.venv/bin/scorekeeper serve --port "$PORT" --data-dir "$DATA" >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; rm -rf "$DATA"' EXIT
BASE="http://127.0.0.1:$PORT"
for _ in $(seq 50); do curl -fs -o /dev/null "$BASE/" && break; sleep 0.2; done

printf '%-12s %12s %14s %15s\n' page Performance Accessibility "Best Practices"
for page in "home /" "scoreboard /s/$EDIT" "hand-form /s/$EDIT/hands/new" "hand-form-6 /s/$SIX/hands/new"; do
  set -- $page
  "$LIGHTHOUSE" "$BASE$2" --quiet --form-factor=mobile --screenEmulation.mobile \
    --only-categories=performance,accessibility,best-practices \
    --chrome-flags="--headless=new --no-sandbox" --output=json --output-path="$OUT/$1.json" >/dev/null 2>&1 \
    || { echo "$1: lighthouse failed (see $OUT/$1.json)"; continue; }
  node -e '
    const r = require(process.argv[1]);
    const s = (c) => r.categories[c].score === null ? "n/a" : Math.round(r.categories[c].score * 100);
    console.log(process.argv[2].padEnd(12), String(s("performance")).padStart(12), String(s("accessibility")).padStart(14),
                String(s("best-practices")).padStart(15));
    if (process.argv[2].startsWith("hand-form")) {
      const shown = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index",
                     "cumulative-layout-shift", "server-response-time"].map((id) => `${id} ${r.audits[id].displayValue}`);
      console.log("  " + shown.join(", "));
    }
  ' "$PWD/$OUT/$1.json" "$1"
done
