// Live meld check: each input marked [data-meld-check] is checked with POST /api/v1/melds/check
// as it is typed, and the answer (points, or why it is illegal) goes into its <output>.
// The game comes from the closest [data-game] element, its options from [data-options],
// and the wild rank (5000 Rummy) from a select named "wild_rank" in the same form.

import { debounce, postMeldCheck } from "./meld-api.js";

const DELAY_MS = 300;

/** Ask the API about one meld; resolves to the check body, or {error} for unreadable input. */
async function checkMeld(cards, game, options, wildRank) {
  const response = await postMeldCheck(game, options, wildRank, cards);
  // 400 names the card that cannot be read; any other failure is ours, not the player's
  if (!response.ok && response.status !== 400) return null;
  return response.json();
}

function describe(body) {
  if (body.error) return { text: body.error, ok: false };
  if (!body.legal) return { text: `Not a meld: ${body.reason}`, ok: false };
  const kind = body.kind === "set" ? "Set" : "Run";
  const shown = body.readings && body.readings[0] ? ` (${body.readings[0].represents.join(" ")})` : "";
  return { text: `${kind}${shown}, ${body.points} points`, ok: true };
}

function showReadings(output, input, body) {
  if (!body.legal || !body.readings || body.readings.length < 2) return;
  const list = document.createElement("span");
  list.className = "readings";
  list.append(" Other readings: ");
  for (const reading of body.readings.slice(1)) {
    if (!reading.notation) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button small";
    button.textContent = reading.represents.join(" ");
    button.title = `Use this reading (${reading.notation})`;
    button.addEventListener("click", () => {
      input.value = reading.notation;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    list.append(button, " ");
  }
  output.append(list);
}

/** Check one input now and show the result in its output element. */
async function checkInput(input) {
  const output = document.getElementById(`${input.id}-check`);
  if (!output) return;
  const cards = input.value.trim();
  if (!cards) {
    output.textContent = "";
    output.className = "meld-check";
    return;
  }
  const holder = input.closest("[data-game]");
  const game = holder ? holder.dataset.game : "rummy500";
  const options = holder && holder.dataset.options ? JSON.parse(holder.dataset.options) : {};
  const form = input.form;
  const wild = form && form.elements.wild_rank ? form.elements.wild_rank.value : null;
  try {
    const body = await checkMeld(cards, game, options, wild);
    if (input.value.trim() !== cards) return; // typed on since: a newer check is coming
    if (!body) {
      output.textContent = "";
      return;
    }
    const { text, ok } = describe(body);
    output.textContent = text;
    output.className = `meld-check ${ok ? "legal" : "illegal"}`;
    showReadings(output, input, body);
  } catch {
    output.textContent = "";
  }
}

// one pause in typing, one check, per input; inputs added later (another meld row) are checked too
const soon = new WeakMap();
document.addEventListener("input", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.matches("[data-meld-check]")) return;
  if (!soon.has(input)) soon.set(input, debounce(() => checkInput(input), DELAY_MS));
  soon.get(input)();
});
for (const input of document.querySelectorAll("[data-meld-check]")) {
  if (input.value.trim()) checkInput(input);
}

const wildSelect = document.querySelector("select[name=wild_rank]");
if (wildSelect) {
  wildSelect.addEventListener("change", () => {
    for (const input of document.querySelectorAll("[data-meld-check]")) checkInput(input);
  });
}
