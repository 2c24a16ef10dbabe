// Each side's whole score for the hand as typed so far, in a game where a side scores on its own
// (Canasta: its melds, canasta bonuses, red threes and going out, less its cards in hand), answered by
// the engine through the JSON API (docs/api.md):
//   each side's cards, counts and whether it went out   POST /api/v1/sides/check   score, lines
// The score goes onto the side's card (data-side-count) for the live figure beside its name
// (hand-form.js), and its lines into that figure's title, so the table can check the sum. Nothing here
// decides a rule: it only gathers what is typed and asks; Save scores the whole hand by the same code.

import { debounce, goerName, postJson } from "./meld-api.js";

const DELAY_MS = 300;

/** The form row number a card field's name ends with ("players-0-melds-2" -> 2). */
function rowOf(input) {
  const found = input.name.match(/(\d+)$/);
  return found ? found[1] : "";
}

/** A count as typed: a whole number, or the text itself for the engine to refuse; null when blank. */
function countValue(input) {
  const text = input.value.trim();
  if (!text) return null;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** The side's melds, lay-offs onto them, cards in hand and counts as typed; null when a lay-off names no meld of its own yet. */
function entryOf(form, card) {
  const melds = Array.from(card.querySelectorAll("[data-meld-check]")).filter((input) => input.value.trim());
  const entry = { melds: melds.map((input) => input.value.trim()), layoffs: [] };
  for (const row of card.querySelectorAll(".layoff-row")) {
    const cards = row.querySelector("[data-layoff-check]")?.value.trim() || "";
    const onto = row.querySelector("select[data-onto]")?.value || "";
    if (!cards && !onto) continue;
    const [seat, meldRow] = onto.split(":");
    // a lay-off is counted as Save counts it: onto the meld its row names, by that meld's place among those typed
    const meld = seat === card.dataset.seat ? melds.findIndex((input) => rowOf(input) === meldRow) : -1;
    if (!cards || meld < 0) return null;
    entry.layoffs.push({ cards, meld });
  }
  const held = card.querySelector("[data-cards-check]");
  if (held && held.value.trim()) entry.in_hand = held.value.trim();
  const names = JSON.parse(form.dataset.countNames || "[]");
  card.querySelectorAll(".count-row input").forEach((input, index) => {
    const value = countValue(input);
    if (value !== null && names[index]) entry[names[index]] = value;
  });
  return entry;
}

function question(form, card) {
  const holder = form.closest("[data-game]") || form;
  const wentOut = goerName(form) === card.dataset.name;
  return {
    game: holder.dataset.game,
    options: holder.dataset.options ? JSON.parse(holder.dataset.options) : {},
    name: card.dataset.name,
    went_out: wentOut,
    concealed: wentOut && Boolean(form.elements.concealed && form.elements.concealed.checked),
    entry: entryOf(form, card),
  };
}

/** "melded 120 + a mixed canasta of K 300 + going out 100 − in hand 15": the engine's lines, for the figure's title. */
function linesText(lines) {
  return lines.map((line, index) => {
    const sign = line.points < 0 ? " − " : index ? " + " : "";
    return `${sign}${line.for} ${Math.abs(line.points)}`;
  }).join("");
}

function show(form, card, body) {
  const figure = card.querySelector("[data-live-count]");
  if (body && body.score !== null && body.score !== undefined) {
    card.dataset.sideCount = String(body.score);
    if (figure) figure.title = linesText(body.lines);
  } else {
    // nothing typed, a lay-off without its meld, or a hand Save would refuse (the fields' checks say why)
    delete card.dataset.sideCount;
    if (figure) figure.title = body && body.reason ? body.reason : "";
  }
  form.dispatchEvent(new CustomEvent("checked", { detail: card }));
}

async function check(form, card) {
  const asked = question(form, card);
  const typed = asked.entry && (asked.entry.melds.length || asked.entry.in_hand || Object.keys(asked.entry).length > 2);
  if (!asked.entry || !typed) {
    show(form, card, null);
    return;
  }
  const sent = JSON.stringify(asked);
  try {
    const response = await postJson("/api/v1/sides/check", asked);
    if (!response.ok && response.status !== 400) return;
    const body = await response.json();
    if (JSON.stringify(question(form, card)) !== sent) return; // typed on since: a newer check is coming
    show(form, card, body.error ? null : body);
  } catch {
    // no answer (offline): say nothing rather than something wrong; Save scores the hand
  }
}

function start(form) {
  const cards = Array.from(form.querySelectorAll(".player-card"));
  const soon = new Map(cards.map((card) => [card, debounce(() => check(form, card), DELAY_MS)]));
  form.addEventListener("input", (event) => {
    const card = event.target.closest && event.target.closest(".player-card");
    if (soon.has(card)) soon.get(card)();
    // an input on the form itself: a player's own part merged in, or rows restored (parts-merge.js, form-rows.js)
    else for (const each of cards) soon.get(each)();
  });
  // who went out, concealed or not, or a lay-off's meld: one side's figure or every side's changes at once
  form.addEventListener("change", (event) => {
    const card = event.target.closest && event.target.closest(".player-card");
    if (soon.has(card)) check(form, card);
    else for (const each of cards) check(form, each);
  });
  for (const card of cards) check(form, card);
}

for (const form of document.querySelectorAll("form.hand-form[data-hand-count=side]")) start(form);
