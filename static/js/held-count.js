// Each player's cards as typed, in a game where a player's groups as a whole decide what their cards
// cost (Indian Rummy's lives), answered by the engine through the JSON API (docs/api.md):
//   the player who went out (declared)   POST /api/v1/declarations/check  "valid show", or the first reason not
//   every other player                    POST /api/v1/counts/check        which cards count, the count, the cap
// The answer goes into the player's <output data-held-count>, and the count onto their card
// (data-held-count) for the live count beside their name (hand-form.js). A player who left the hand
// without cards (a drop, a wrong show: the [data-leaving] choice) has no cards to check. Nothing here
// decides a rule: it only asks, and says what the engine answered.

import { debounce, goerName, postJson } from "./meld-api.js";

const DELAY_MS = 300;

function table(form) {
  const holder = form.closest("[data-game]") || form;
  return {
    game: holder.dataset.game,
    options: holder.dataset.options ? JSON.parse(holder.dataset.options) : {},
    wild_rank: form.elements.wild_rank ? form.elements.wild_rank.value || null : null,
  };
}

/** The player's groups and ungrouped cards as typed. */
function typed(card) {
  const groups = Array.from(card.querySelectorAll("[data-meld-check]")).map((input) => input.value.trim()).filter(Boolean);
  const held = card.querySelector("[data-cards-check]");
  return { groups, in_hand: held ? held.value.trim() : "" };
}

function declared(form, card) {
  return goerName(form) === card.dataset.name;
}

function leftWithoutCards(card) {
  const chosen = card.querySelector("[data-leaving] input:checked");
  return Boolean(chosen && chosen.value);
}

/** The words of a counts check: which cards count and why, the count, and the cap when it applies. */
function describeCount(body) {
  if (body.error) return { text: body.error, ok: null, count: null };
  if (body.reason) return { text: `Not counted: ${body.reason}`, ok: false, count: null };
  const lives = body.lives.charAt(0).toUpperCase() + body.lives.slice(1);
  const capped = body.capped ? `, capped at ${body.cap} (the cards add up to ${body.counted})` : "";
  return { text: `${lives} · count ${body.count}${capped}`, ok: true, count: body.count };
}

function describeShow(body) {
  if (body.error) return { text: body.error, ok: null, count: null };
  if (body.valid) return { text: "Valid show: counts 0", ok: true, count: 0 };
  return { text: `Not a valid show: ${body.answer}`, ok: false, count: null };
}

function show(form, card, verdict) {
  const output = card.querySelector("[data-held-count]");
  output.replaceChildren();
  output.className = "held-count";
  if (verdict) {
    output.textContent = verdict.text;
    if (verdict.ok !== null) output.classList.add(verdict.ok ? "legal" : "illegal");
  }
  if (verdict && verdict.count !== null) card.dataset.heldCount = String(verdict.count);
  else delete card.dataset.heldCount;
  form.dispatchEvent(new CustomEvent("checked", { detail: output }));
}

async function check(form, card) {
  const cards = typed(card);
  if (leftWithoutCards(card) || (!cards.groups.length && !cards.in_hand)) {
    show(form, card, null);
    return;
  }
  const goer = declared(form, card);
  const asked = goer ? { ...table(form), groups: cards.groups } : { ...table(form), ...cards };
  const sent = JSON.stringify(asked);
  try {
    if (goer && !cards.groups.length) {
      show(form, card, { text: "Enter the groups of the show.", ok: null, count: null });
      return;
    }
    const response = await postJson(goer ? "/api/v1/declarations/check" : "/api/v1/counts/check", asked);
    if (!response.ok && response.status !== 400) return;
    const body = await response.json();
    // typed on since: a newer check is coming
    const now = declared(form, card) ? { ...table(form), groups: typed(card).groups } : { ...table(form), ...typed(card) };
    if (JSON.stringify(now) !== sent) return;
    show(form, card, goer ? describeShow(body) : describeCount(body));
  } catch {
    // no answer (offline): say nothing rather than something wrong; Save checks everything again
  }
}

function start(form) {
  const cards = Array.from(form.querySelectorAll(".player-card")).filter((card) => card.querySelector("[data-held-count]"));
  if (!cards.length) return;
  const soon = new Map(cards.map((card) => [card, debounce(() => check(form, card), DELAY_MS)]));
  form.addEventListener("input", (event) => {
    const card = event.target.closest && event.target.closest(".player-card");
    if (soon.has(card)) soon.get(card)();
  });
  // who declared, the cut joker, or a player's drop changes the verdict of one or every player at once
  form.addEventListener("change", (event) => {
    const card = event.target.closest && event.target.closest(".player-card");
    if (soon.has(card)) check(form, card);
    else for (const each of cards) check(form, each);
  });
  for (const card of cards) check(form, card);
}

for (const form of document.querySelectorAll("form.hand-form")) start(form);
