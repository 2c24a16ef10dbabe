// Live checks as cards are typed, each answered by the engine through the JSON API (docs/api.md):
//   [data-meld-check]   a meld               POST /api/v1/melds/check
//   [data-layoff-check] a lay-off's cards    POST /api/v1/layoffs/check, onto the meld its row's "onto" names
//   [data-cards-check]  cards left in hand   POST /api/v1/cards/check (with the game: what they are worth held)
// The answer (points, or why not) goes into the field's <output id="<field id>-check">, and a field
// the engine refuses is marked aria-invalid (and counted in its player's summary). Nothing here
// decides a rule: it only asks. The game comes from the closest [data-game] element, its options
// from [data-options], the wild rank (5000 Rummy) from a select named "wild_rank" in the same form,
// Each answer's points stay on the field (data-points, only while legal) for its player's live hand
// count (hand-form.js), and a meld's cards as read (data-read, for data-read-of, the text checked)
// for the lay-off choices that name it. And whether the meld's player went out from the form's "went_out" (the hand form's radios, matched
// against the player card's [data-name], or a player's own "I went out" box).

import { debounce, postJson, postMeldCheck } from "./meld-api.js";

const DELAY_MS = 300;

const post = postJson;

/** The JSON body of a check, or {error} for input the engine cannot read; null when the server failed (not the player). */
async function answer(response) {
  if (!response.ok && response.status !== 400) return null;
  return response.json();
}

function table(input) {
  const holder = input.closest("[data-game]");
  const form = input.form;
  return {
    game: holder ? holder.dataset.game : "rummy500",
    options: holder && holder.dataset.options ? JSON.parse(holder.dataset.options) : {},
    wild_rank: form && form.elements.wild_rank ? form.elements.wild_rank.value || null : null,
    going_out: wentOut(input),
  };
}

function wentOut(input) {
  const field = input.form ? input.form.elements.went_out : null;
  if (!field) return false;
  if (field.type === "checkbox") return field.checked;
  const part = input.closest("[data-name]");
  return Boolean(part && field.value && field.value === part.dataset.name);
}

/** "8s": the rank a meld is of, from the natural card at its first place (as the engine read it). */
function rankOf(body) {
  const first = body.readings && body.readings[0] ? body.readings[0].represents[0] : "";
  // a card by rank alone ("8", docs/rules.md 1) has no suit letter to drop
  return `${first.replace(/[SHDC]$/, "")}s`;
}

/** "Natural canasta of 8s": the canasta the engine says a meld makes, in a game with canastas ("canasta" in its answers). */
function canastaWords(kind, body) {
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} canasta of ${rankOf(body)}`;
}

function describeMeld(body) {
  if (body.error) return { text: body.error, ok: false };
  if (!body.legal) return { text: `Not a meld: ${body.reason}`, ok: false };
  if ("canasta" in body) {
    // a wild card in a set stands for its rank alone: the cards are shown as they lie, each as itself
    const cards = ` (${body.cards.join(" ")})`;
    if (!body.canasta) return { text: `Set${cards}, ${body.points} points`, ok: true };
    return { text: `${canastaWords(body.canasta, body)}: ${body.points} + ${body.canasta_bonus} points${cards}`, ok: true };
  }
  const shown = body.readings && body.readings[0] ? ` (${body.readings[0].represents.join(" ")})` : "";
  // a game that names its groups (Indian Rummy: "pure sequence") says so; its groups score no points
  if (body.group) return { text: `${body.group.charAt(0).toUpperCase()}${body.group.slice(1)}${shown}`, ok: true };
  const kind = body.kind === "set" ? "Set" : "Run";
  return { text: `${kind}${shown}, ${body.points} points`, ok: true };
}

/** What laying off changes about the meld's canasta: "the natural canasta of 8s becomes mixed: 500 becomes 300". */
function canastaChange(body) {
  const before = body.meld ? body.meld.canasta : null;
  if (!body.canasta || before === body.canasta) return "";
  if (!before) return `; it makes a ${canastaWords(body.canasta, body).toLowerCase()}: + ${body.canasta_bonus} points`;
  return `; the ${before} canasta of ${rankOf(body)} becomes ${body.canasta}: ${body.meld.canasta_bonus} becomes ${body.canasta_bonus}`;
}

function describeLayoff(body) {
  if (body.error) return { text: body.error, ok: false };
  if (!body.legal) return { text: `Does not fit: ${body.reason}`, ok: false };
  if (body.cards_on_table) {
    // a game with canastas: the meld as it lies (a wild card as itself), and what becomes of its canasta
    return { text: `Fits (${body.cards_on_table.join(" ")}), ${body.points} points${canastaChange(body)}`, ok: true };
  }
  const shown = body.readings && body.readings[0] ? ` (${body.readings[0].represents.join(" ")})` : "";
  return { text: `Fits${shown}, ${body.points} points`, ok: true };
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

/** Put a verdict in the field's output; ok false marks the field invalid, null (nothing to say) clears it. */
function show(input, verdict) {
  const output = document.getElementById(`${input.id}-check`);
  if (!output) return;
  output.replaceChildren();
  output.className = "meld-check";
  // a field the server refused keeps its mark until it is saved again
  if (!document.getElementById(`${input.id}-errors`)) input.removeAttribute("aria-invalid");
  if (verdict) {
    output.textContent = verdict.text;
    if (verdict.ok !== null) output.classList.add(verdict.ok ? "legal" : "illegal");
    if (verdict.ok === false) input.setAttribute("aria-invalid", "true");
  }
  // the player's card summary counts what the checks found (hand-form.js)
  input.form?.dispatchEvent(new CustomEvent("checked", { detail: input }));
}

// --- what each kind of field asks ------------------------------------------------------------

async function checkMeld(input, cards) {
  const { game, options, wild_rank: wildRank, going_out: goingOut } = table(input);
  const body = await answer(await postMeldCheck(game, options, wildRank, cards, goingOut));
  if (!body || input.value.trim() !== cards) return; // typed on since: a newer check is coming
  keep(input, body.legal ? body.points : null, body.cards ? body.cards.join(" ") : null, cards);
  show(input, describeMeld(body));
  showReadings(document.getElementById(`${input.id}-check`), input, body);
}

/** Keep a check's points (null: none to count) and the cards as read on the field they answer. */
function keep(input, points, read = null, of = null) {
  for (const [key, value] of [["points", points], ["read", read], ["readOf", of]]) {
    if (value === null || value === undefined) delete input.dataset[key];
    else input.dataset[key] = String(value);
  }
}

async function checkCardsLeft(input, cards) {
  const { game, options, wild_rank: wildRank } = table(input);
  const body = await answer(await post("/api/v1/cards/check", { cards, game, options, wild_rank: wildRank }));
  if (!body || input.value.trim() !== cards) return;
  keep(input, body.error ? null : body.points);
  if (body.error) {
    delete input.dataset.count;
    show(input, { text: body.error, ok: false });
    return;
  }
  // the count the player's card summary shows (hand-form.js): the engine's reading of the cards
  input.dataset.count = String(body.cards.length);
  show(input, null);
}

/** The cards of the meld a lay-off's "onto" names: a field of this page, or the cards the option carries. */
function meldOnto(select) {
  const option = select.selectedOptions[0];
  if (!option || !option.value) return null;
  if (option.dataset.meld) return option.dataset.meld;
  const [seat, row] = option.value.split(":");
  const form = select.form;
  const field = form.elements[`players-${seat}-melds-${row}`]
    || (form.dataset.seat === seat ? form.elements[`melds-${row}`] : null);
  return field ? field.value.trim() : null;
}

/** Cards of the other lay-offs typed onto the same meld: a lay-off may need one of them first (JH after 10H). */
function othersOnto(select) {
  const cards = [];
  for (const other of select.form.querySelectorAll("select[data-onto]")) {
    if (other === select || other.value !== select.value) continue;
    const typed = other.closest(".layoff-row")?.querySelector("[data-layoff-check]");
    if (typed && typed.value.trim()) cards.push(typed.value.trim());
  }
  return cards;
}

async function checkLayoff(input, cards) {
  const select = input.closest(".layoff-row")?.querySelector("select[data-onto]");
  keep(input, null);
  if (!select || !select.value) {
    show(input, { text: "Choose the meld it goes onto.", ok: null });
    return;
  }
  const meld = meldOnto(select);
  if (!meld) {
    show(input, { text: "The meld it goes onto has no cards yet.", ok: null });
    return;
  }
  const asked = { ...table(input), meld, cards };
  let body = await answer(await post("/api/v1/layoffs/check", asked));
  const others = othersOnto(select);
  if (body && !body.error && !body.legal && others.length) {
    // as it stands with the other lay-offs onto it, the meld may take these cards
    const together = await answer(await post("/api/v1/layoffs/check", { ...asked, meld: [meld, ...others].join(" ") }));
    if (together && together.legal) body = together;
  }
  if (!body || input.value.trim() !== cards || meldOnto(select) !== meld) return;
  keep(input, body.legal ? body.points : null);
  show(input, describeLayoff(body));
}

const CHECKS = [
  ["[data-meld-check]", checkMeld],
  ["[data-layoff-check]", checkLayoff],
  ["[data-cards-check]", checkCardsLeft],
];

/** Check one field now, whichever kind it is. */
async function check(input) {
  const cards = input.value.trim();
  if (!cards) {
    delete input.dataset.count;
    keep(input, null);
    show(input, null);
    return;
  }
  const found = CHECKS.find(([selector]) => input.matches(selector));
  if (!found) return;
  try {
    await found[1](input, cards);
  } catch {
    // no answer (offline): say nothing rather than something wrong; Save checks everything again
  }
}

// one pause in typing, one check, per field; rows added later (another meld) are checked too
const soon = new WeakMap();
function later(input) {
  if (!soon.has(input)) soon.set(input, debounce(() => check(input), DELAY_MS));
  soon.get(input)();
}

const ANY = CHECKS.map(([selector]) => selector).join(", ");
document.addEventListener("input", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  // a field emptied says nothing at once; anything typed waits for a pause
  if (input.matches(ANY)) (input.value.trim() ? later(input) : check(input));
  // a meld changed: the lay-offs onto it are checked again
  if (input.matches("[data-meld-check]") && input.form) {
    for (const layoff of input.form.querySelectorAll("[data-layoff-check]")) if (layoff.value.trim()) later(layoff);
  }
});
document.addEventListener("change", (event) => {
  const select = event.target;
  if (select instanceof HTMLInputElement && select.name === "went_out" && select.form) {
    // a player's own "I went out" box asks their melds again; the hand form's row of names, the lay-offs too
    const which = select.type === "radio" ? "[data-meld-check], [data-layoff-check]" : "[data-meld-check]";
    for (const input of select.form.querySelectorAll(which)) check(input);
  }
  if (!(select instanceof HTMLSelectElement)) return;
  if (select.matches("select[data-onto]")) {
    const typed = select.closest(".layoff-row")?.querySelector("[data-layoff-check]");
    if (typed) check(typed);
  } else if (select.name === "wild_rank" && select.form) {
    for (const input of select.form.querySelectorAll("[data-meld-check], [data-layoff-check]")) check(input);
  }
});
// a field the server sent back with its own message keeps that message until it is changed
for (const input of document.querySelectorAll(ANY)) {
  if (input.value.trim() && !document.getElementById(`${input.id}-errors`)) check(input);
}
