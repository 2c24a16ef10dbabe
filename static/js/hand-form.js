// Hand form helpers (the hand form and a player's own part):
// - lay-off targets name the meld's cards as they are typed, and offer only the melds the engine
//   lets that player use with who went out as chosen (the form's data-onto-seats, from the server),
//   and none to a player with no meld typed where only who melded lays off (data-layoffs-need-melds);
// - "who went out" (and "went out concealed") only show when a player went out;
// - each player's card folds to one line ("2 melds · 1 lay-off · 3 cards left") with the hand's live
//   count ("+23"): the sum of the points the live checks answered (meld-check.js), counted the way
//   the game counts (the form's data-hand-count); a long table comes folded from the server
//   (HandCardsForm.open_seats), so that nothing moves once the page is shown;
// - after a refused save the page opens on the first field the server marked (its autofocus),
//   in view with its messages. Save always asks the server: a live check is advice, the whole
//   hand is the engine's to judge (a lay-off may need another lay-off first).

import { ensureField } from "./form-rows.js";
import { goerName } from "./meld-api.js";
import { goTo } from "./next-field.js";

const ANY_GOER = "*";

/** A meld row's cards: as the engine read them (canonical notation) once checked, else as typed; null without the row. */
function meldText(form, seat, row) {
  const input = form.querySelector(`[name="players-${seat}-melds-${row}"]`)
    || (form.dataset.seat === seat ? form.querySelector(`[name="melds-${row}"]`) : null);
  if (!input) return null;
  const typed = input.value.trim();
  return typed && input.dataset.readOf === typed ? input.dataset.read : typed;
}

function refreshOnto(form) {
  for (const select of form.querySelectorAll("select[data-onto]")) {
    for (const option of select.options) {
      const [seat, row] = option.value.split(":");
      if (row === undefined || option.dataset.meld) continue;
      if (!option.dataset.base) option.dataset.base = option.textContent;
      const cards = meldText(form, seat, row);
      if (cards === null) continue;
      option.textContent = cards ? `${option.dataset.base}: ${cards}` : `${option.dataset.base} (empty)`;
    }
  }
}

/** Whose melds each seat may lay off onto now, by the server's table for who went out; null when the page has none. */
function allowedSeats(form) {
  if (!form.dataset.ontoSeats) return null;
  const table = JSON.parse(form.dataset.ontoSeats);
  const ended = form.querySelector("input[name=ended]:checked");
  const key = ended && ended.value !== "went_out" ? "" : goerName(form) || ANY_GOER;
  return table[key] || table[ANY_GOER];
}

/** Whether `seat` has typed a meld: where the game lets only a player who melded lay off (data-layoffs-need-melds). */
function melded(form, seat) {
  if (!("layoffsNeedMelds" in form.dataset)) return true;
  return Array.from(form.querySelectorAll(`.melds[data-seat="${seat}"] [data-meld-check]`)).some((input) => input.value.trim());
}

function narrowOnto(form) {
  const allowed = allowedSeats(form);
  if (!allowed && !("layoffsNeedMelds" in form.dataset)) return;
  for (const select of form.querySelectorAll("select[data-onto]")) {
    const seat = select.closest("[data-seat]")?.dataset.seat;
    const seats = allowed ? (allowed[seat] || []).map(String) : null;
    const mayLayOff = melded(form, seat);
    for (const option of select.options) {
      const [owner, row] = option.value.split(":");
      if (row === undefined) {
        // the empty choice says why the list is empty
        if (!option.dataset.base) option.dataset.base = option.textContent;
        option.textContent = mayLayOff ? option.dataset.base : "(none: type a meld first)";
        continue;
      }
      // one chosen before stays shown as chosen: Save then says why it is refused
      const off = (!mayLayOff || (seats && !seats.includes(owner))) && !option.selected;
      option.hidden = off;
      option.disabled = off;
    }
  }
}

function refreshEnded(form) {
  const ended = form.querySelector("input[name=ended]:checked");
  // who went out is a row of radios in its own fieldset (form.elements.went_out is their RadioNodeList)
  const wentOut = form.querySelector("[data-went-out]");
  if (!ended || !wentOut) return;
  // who went out, and whether they went out concealed, only when somebody did
  const concealed = form.elements.concealed && form.elements.concealed.closest(".field");
  for (const box of [wentOut, concealed]) {
    if (box) box.hidden = ended.value !== "went_out";
  }
}

/**
 * Give the player chosen as going out the meld rows the game gives them (the form's data-goer-rows, from the
 * engine: Indian Rummy's declarer shows 13 cards, most often in four groups). Without script the server
 * gives them on the form's next round trip (another row, a refused save).
 */
function growGoerRows(form) {
  const rows = Number(form.dataset.goerRows || 0);
  const goer = goerName(form);
  if (!rows || !goer) return;
  const card = Array.from(form.querySelectorAll("details.player-card")).find((each) => each.dataset.name === goer);
  const first = card && card.querySelector(".melds input");
  if (!first || card.querySelectorAll(".melds input").length >= rows) return;
  ensureField(form, first.name.replace(/melds-\d+$/, `melds-${rows - 1}`));
}

/** The player's card of whoever is chosen as going out, or null (nobody went out, or not chosen yet). */
function goerCard(form) {
  const goer = goerName(form);
  if (!goer) return null;
  return Array.from(form.querySelectorAll("details.player-card")).find((each) => each.dataset.name === goer) || null;
}

/**
 * Where the game lets the player who went out hold no cards (the form's data-goer-holds-none, from the engine),
 * their cards-left row is not asked; it comes back as it was when another player is chosen. A row with cards
 * typed in stays shown: Save then says why they cannot be there, and nothing typed is hidden.
 */
function refreshGoerRow(form) {
  if (!("goerHoldsNone" in form.dataset)) return;
  const goer = goerCard(form);
  for (const card of form.querySelectorAll("details.player-card")) {
    const left = card.querySelector(".cards-left-row [data-cards]");
    if (left) left.closest(".cards-left-row").hidden = card === goer && !left.value.trim();
  }
}

/** Choosing who went out asks them first: the focus goes to their first meld field (as a phone's keyboard follows). */
function askGoerFirst(form) {
  const card = goerCard(form);
  const first = card && card.querySelector(".melds input[data-cards]");
  if (first) goTo(first);
}

// --- each player's card ----------------------------------------------------------------------

function counted(number, one, many) {
  return `${number} ${number === 1 ? one : many}`;
}

/** The player's choice of how they left the hand without cards (a drop, a wrong show), when not "Played"; else null. */
function leavingOf(card) {
  const chosen = card.querySelector("[data-leaving] input:checked");
  return chosen && chosen.value ? chosen : null;
}

function summaryOf(form, card) {
  // "Dropped (first) · 20": the choice's own words, with what it costs at this table (from the server)
  const leaving = leavingOf(card);
  if (leaving) return leaving.closest("label").textContent.trim();
  const filled = (selector) => Array.from(card.querySelectorAll(selector)).filter((input) => input.value.trim());
  const melds = filled("[data-meld-check]").length;
  const layoffs = filled("[data-layoff-check]").length;
  const left = filled("[data-cards-check]")[0];
  // the game's words (Indian Rummy: "declared · 4 groups", "3 ungrouped")
  const [wentOut, meld, meldPlural, leftWord] = JSON.parse(form.dataset.summaryWords || '["went out", "meld", "melds", "left in hand"]');
  const parts = [];
  if (goerName(form) === card.dataset.name) {
    parts.push(wentOut);
  }
  if (melds) parts.push(counted(melds, meld, meldPlural));
  if (layoffs) parts.push(counted(layoffs, "lay-off", "lay-offs"));
  if (left) parts.push(left.dataset.count ? `${left.dataset.count} ${leftWord}` : form.dataset.inHandWord || "cards left in hand");
  // the server writes the same words on a card with nothing in it (HandCardsForm.nothing_entered)
  const text = parts.join(" · ") || "nothing entered";
  return card.querySelector("[aria-invalid=true]") ? `⚠ ${text}` : text;
}

/** The sum of the points the live checks left on the fields matching `selector` in `card` (data-points). */
function pointsOf(card, selector) {
  return Array.from(card.querySelectorAll(selector)).reduce((sum, input) => sum + Number(input.dataset.points || 0), 0);
}

/**
 * A player's hand as the live checks count it, in the game's way (data-hand-count, from the engine):
 * "net" melded less held (+23, −15), "melded" what the melds and lay-offs scored (+45), "held" the
 * cards left in hand ("15 in hand"), "groups" the count the engine answered for the player's groups as a whole
 * (held-count.js), "side" the engine's whole score for a side that scores on its own (side-count.js). Empty while nothing is counted. No rule is decided here: the
 * points are the engine's answers, and Save scores the whole hand.
 */
function countOf(form, card) {
  const how = form.dataset.handCount;
  if (leavingOf(card)) return "";
  // a game whose player's groups decide the count (Indian Rummy's lives): the engine's count (held-count.js)
  if (how === "groups") return card.dataset.heldCount || "";
  // a game where a side scores on its own (Canasta): the engine's whole score for the side, bonuses and all (side-count.js)
  if (how === "side") return card.dataset.sideCount === undefined ? "" : signed(Number(card.dataset.sideCount));
  const melded = pointsOf(card, "[data-meld-check], [data-layoff-check]");
  const held = pointsOf(card, "[data-cards-check]");
  const counted = card.querySelector("[data-points]");
  if (!how || !counted) return "";
  if (how === "held") return held ? `${held} in hand` : "";
  return signed(how === "net" ? melded - held : melded);
}

/** A live figure as the table says it: "+23", "−15". */
function signed(points) {
  return points < 0 ? `−${-points}` : `+${points}`;
}

function refreshSummaries(form) {
  for (const card of form.querySelectorAll(".player-card")) {
    const line = card.querySelector("[data-summary]");
    if (line) line.textContent = summaryOf(form, card);
    const count = card.querySelector("[data-live-count]");
    if (count) count.textContent = countOf(form, card);
  }
}

/** Scroll so the focused field, its check and its messages are on screen, not only the field (as focus scrolls). */
function keepClear(field) {
  if (!field || !field.closest || !field.closest("form.hand-form")) return;
  // a button takes the focus as the finger lands on it: moving the page then would take the button from under
  // the finger before the tap ends (a lay-off row's Cards button, its "onto" choice below the screen's foot)
  if (field.matches("button")) return;
  const row = field.closest(".row-field, .field") || field;
  if (row.closest(".card-picker, .submit-row")) return;
  const below = row.getBoundingClientRect().bottom - (window.innerHeight - 8);
  const room = field.getBoundingClientRect().top - 8;
  if (below > 0) window.scrollBy(0, Math.min(below, room));
}

function start(form) {
  const refresh = () => {
    refreshOnto(form);
    narrowOnto(form);
    refreshSummaries(form);
  };
  form.addEventListener("input", refresh);
  form.addEventListener("checked", (event) => {
    refreshOnto(form);
    refreshSummaries(form);
    // the verdict under the field being typed in may have grown below the screen's foot
    if (event.detail === document.activeElement) keepClear(event.detail);
  });
  form.addEventListener("focusin", (event) => keepClear(event.target));
  form.addEventListener("input", (event) => {
    // the server's word on a field is out of date once the field is changed: the live check speaks now
    // a radio of who went out has no id of its own: the server's word is on its fieldset
    const owner = event.target.name === "went_out" ? event.target.closest("[data-went-out]") : event.target;
    const stale = owner && owner.id && document.getElementById(`${owner.id}-errors`);
    if (stale) {
      stale.remove();
      owner.removeAttribute("aria-describedby");
      for (const field of owner === event.target ? [owner] : owner.querySelectorAll("input")) field.removeAttribute("aria-invalid");
    }
  });
  form.addEventListener("change", (event) => {
    refreshEnded(form);
    growGoerRows(form);
    refreshGoerRow(form);
    refresh();
    if (event.target.name === "went_out") askGoerFirst(form);
  });
  growGoerRows(form);
  refreshGoerRow(form);
  refresh();
  refreshEnded(form);
  // a folded card opens when something needs it: a player's own part arriving beside what was typed
  // asks which to keep (parts-merge.js), or the card picker moves on to one of its fields (it marks
  // the field it types into with the class "picking")
  new MutationObserver((changes) => {
    for (const change of changes) {
      const nodes = change.type === "attributes" ? [change.target] : Array.from(change.addedNodes);
      for (const node of nodes) {
        if (!(node instanceof Element) || !node.matches(".part-choice, .picking")) continue;
        const card = node.closest("details.player-card");
        if (card && !card.open) {
          card.open = true;
          if (node.matches(".picking")) keepClear(node);
        }
      }
    }
  }).observe(form, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  // a field the server marked has the focus (autofocus): make sure it is in view with its messages
  const marked = form.querySelector("[autofocus]");
  if (marked) {
    goTo(marked);
    keepClear(marked);
  }
}

for (const form of document.querySelectorAll("form.hand-form")) start(form);

// "No, go back" to the question about a player left empty: the question goes away and that
// player's first field takes the focus. Without script the link still scrolls to their part.
for (const back of document.querySelectorAll("[data-ask-back]")) {
  back.addEventListener("click", (event) => {
    const part = document.getElementById(back.dataset.askBack);
    if (!part) return;
    event.preventDefault();
    back.closest(".ask-empty").hidden = true;
    if (part.tagName === "DETAILS") part.open = true;
    part.scrollIntoView({ block: "start" });
    const first = part.querySelector("input[data-cards]");
    if (first) first.focus({ preventScroll: true });
  });
}
