// The card picker: a grid of cards that types into the one card field it was opened from.
//
// Every card field (a text input marked [data-cards], found by delegation, so rows added later
// count too) gets a "Cards" button beside it (the hand forms draw theirs with the page, so nothing
// changes once it is shown; the script adds the others). The button opens the picker docked just below the
// field and its verdict, so both stay in sight; Escape or Done closes it and gives the focus back
// to the field. The cards are one Tab stop, a WAI-ARIA APG layout grid with a roving tabindex:
// left/right within a suit, up/down between suits, Home/End, Enter or Space adds the card. Each
// card added is announced in a live region. The picker counts the cards in every card field of
// its form and disables a card once all its copies are in use, moving the focus to a neighbour.
// In a meld field the engine's readings come from the meld-check API: a wild card that can stand
// for cards worth different points (Oklahoma's Q♠) is offered each way, written as 2C=QS.
// See templates/_card_picker.html for how to include it.

import { canonicalCard, cardFace, cardWords, isSuitless, readCards } from "./card-words.js";
import { debounce, postMeldCheck } from "./meld-api.js";
import { nextField as nextCards } from "./next-field.js";

const CHECK_DELAY_MS = 300;
const MARGIN = 8; // px kept clear above the field and below the picker when scrolling them into view

/** Count the cards typed in every field, read as the server reads them (card-words.js): {"7H": 1, "K": 2, ...}. */
function countCards(fields) {
  const counts = {};
  for (const field of fields) {
    // a field that is not all cards yet counts what of it is: each token on its own
    const read = readCards(field.value) || field.value.split(/[\s,]+/).flatMap((token) => readCards(token) || []);
    for (const { card } of read) counts[card] = (counts[card] || 0) + 1;
  }
  return counts;
}

/** The rank of a card as notation ("10H" -> "10", "K" -> "K"; "" for the joker). */
function rankOf(card) {
  if (card === "JK") return "";
  return isSuitless(card) ? card : card.slice(0, -1);
}

/** The cards whose every copy is typed: all copies of the card itself, or of its rank once cards typed by
 * rank alone ("K") are counted in (they are some king, so the decks' kings run out as a whole). */
function exhaustedCards(cards, deck, used) {
  const typed = {};
  const held = {};
  for (const [card, count] of Object.entries(used)) typed[rankOf(card)] = (typed[rankOf(card)] || 0) + count;
  for (const [card, count] of Object.entries(deck)) held[rankOf(card)] = (held[rankOf(card)] || 0) + count;
  return new Set(cards.filter((b) => {
    const card = b.dataset.card;
    if (deck[card] === undefined) return false;
    const rank = rankOf(card);
    return (used[card] || 0) >= deck[card] || (rank !== "" && used[rank] > 0 && typed[rank] >= held[rank]);
  }));
}

/** The name a field is known by: its label ("Ann's meld 1"). */
function nameOf(field) {
  if (field.getAttribute("aria-label")) return field.getAttribute("aria-label");
  const label = field.labels && field.labels[0];
  return label ? label.textContent.replace(/\s+/g, " ").trim() : field.name;
}

/** The elements that say how a field checks out (its <output> or live verdict), from aria-describedby. */
function verdictsOf(field) {
  return (field.getAttribute("aria-describedby") || "")
    .split(/\s+/)
    .map((id) => id && document.getElementById(id))
    .filter((element) => element && element.matches("output, [aria-live]"));
}

/** Where the picker docks for a field: after its row, or after its verdict when that follows the row. */
function dockOf(field) {
  // a lay-off's row holds its "onto" list too: the picker goes below the whole row; a field in
  // no row at all, below the box it shares with its Cards button
  let dock = field.closest(".layoff-row") || field.closest(".field") || field.closest(".picker-field") || field;
  for (const verdict of verdictsOf(field)) {
    const follows = dock.compareDocumentPosition(verdict) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (follows && verdict.parentElement === dock.parentElement) dock = verdict;
  }
  return dock;
}

/** The game, options and wild rank a meld field is checked under (as meld-check.js reads them). */
function gameOf(field) {
  const holder = field.closest("[data-game]");
  const wild = field.form && field.form.elements.wild_rank;
  return {
    game: holder ? holder.dataset.game : "rummy500",
    options: holder && holder.dataset.options ? JSON.parse(holder.dataset.options) : {},
    wildRank: wild ? wild.value : null,
  };
}

async function askEngine(field, cards) {
  const { game, options, wildRank } = gameOf(field);
  const response = await postMeldCheck(game, options, wildRank, cards);
  return response.ok ? response.json() : null;
}

/** The wild cards of a reading with what each stands for: [["2C", "QS"], ...]. */
function standIns(reading) {
  return reading.cards.filter((card) => card.includes("=")).map((card) => card.split("="));
}

/** Wire one picker element to the card fields of its scope. */
function initCardPicker(picker) {
  const scope = picker.closest("form") || document;
  const deck = JSON.parse(picker.dataset.deckCounts || "{}");
  const heading = picker.querySelector(".picker-target");
  const grid = picker.querySelector("[role=grid]");
  const rows = Array.from(grid.querySelectorAll("[role=row]"), (row) => Array.from(row.querySelectorAll("button.pick")));
  const cards = rows.flat();
  const readingsBox = picker.querySelector(".picker-readings");
  const nextButton = picker.querySelector("[data-picker=next]");
  const said = document.getElementById("card-picker-said");
  let target = null;
  let current = cards[0];

  const fields = () => Array.from(scope.querySelectorAll("[data-cards]"));
  const openerOf = (field) => {
    const next = field.nextElementSibling;
    return next && next.matches(".picker-open") ? next : null;
  };

  /** Give every card field its Cards button (rows added later included) and keep their names current. */
  function ensureButtons() {
    for (const field of fields()) {
      let opener = openerOf(field);
      if (!opener) {
        opener = document.createElement("button");
        opener.type = "button";
        opener.className = "button small picker-open";
        const which = document.createElement("span");
        which.className = "visually-hidden";
        opener.append("Cards", which);
        opener.setAttribute("aria-controls", picker.id);
        // field and button share one box, which takes the field's place in whatever layout the
        // row has; moving a field that has the focus (a row just added) takes it along
        const focused = document.activeElement === field;
        let box = field.parentElement;
        if (!box.matches(".picker-field")) {
          box = document.createElement("div");
          box.className = "picker-field";
          field.before(box);
          box.append(field);
        }
        box.append(opener);
        if (focused) field.focus({ preventScroll: true });
      }
      // named by its words, the visible one first (so "Cards" said aloud finds it), not by an
      // aria-label: that would make the button one more match for the field's own label
      const which = opener.querySelector(".visually-hidden");
      const words = ` for ${nameOf(field)}`;
      if (which && which.textContent !== words) which.textContent = words;
      const open = String(field === target && !picker.hidden);
      if (opener.getAttribute("aria-expanded") !== open) opener.setAttribute("aria-expanded", open);
    }
    if (target) nextButton.disabled = !nextField();
  }

  // --- the grid: where each card is, the roving tabindex -------------------------------------

  function place(button) {
    for (let r = 0; r < rows.length; r += 1) {
      const c = rows[r].indexOf(button);
      if (c >= 0) return [r, c];
    }
    return [0, 0];
  }

  /** The nearest usable card from `button` one way (dr rows or dc columns), or null. */
  function step(button, dr, dc, usable) {
    const [r, c] = place(button);
    if (dc) {
      for (let col = c + dc; col >= 0 && col < rows[r].length; col += dc) if (usable(rows[r][col])) return rows[r][col];
      return null;
    }
    for (let row = r + dr; row >= 0 && row < rows.length; row += dr) {
      const line = rows[row];
      const near = Math.min(c, line.length - 1);
      for (let d = 0; d < line.length; d += 1) {
        for (const col of [near - d, near + d]) if (line[col] && usable(line[col])) return line[col];
      }
    }
    return null;
  }

  function neighbour(button, usable) {
    return step(button, 0, 1, usable) || step(button, 0, -1, usable) || step(button, 1, 0, usable) || step(button, -1, 0, usable);
  }

  function rove(button, focus) {
    if (current !== button) {
      current.tabIndex = -1;
      current = button;
    }
    current.tabIndex = 0;
    if (focus) current.focus({ preventScroll: true });
  }

  /** Grey out the cards whose every copy is typed somewhere; the focus never falls to the page. */
  function refresh() {
    const used = countCards(fields());
    const exhausted = exhaustedCards(cards, deck, used);
    const usable = (b) => !exhausted.has(b);
    if (exhausted.has(current)) {
      const focused = document.activeElement === current;
      const other = neighbour(current, usable) || cards.find(usable);
      if (other) rove(other, focused);
      else if (focused) picker.querySelector("[data-picker=close]").focus(); // the whole deck is down
    }
    for (const button of cards) {
      button.disabled = exhausted.has(button);
      button.classList.toggle("used", (used[button.dataset.card] || 0) > 0);
    }
    current.tabIndex = current.disabled ? -1 : 0;
  }

  // --- open, close, follow the field -----------------------------------------------------------

  const watched = new ResizeObserver(() => keepInView());

  /** Scroll so the field (with its label) and the whole picker below it are on screen. */
  function keepInView() {
    if (picker.hidden || !target) return;
    const top = (target.closest(".field") || target).getBoundingClientRect().top;
    const bottom = picker.getBoundingClientRect().bottom;
    // the visual viewport: what an on-screen keyboard leaves of the screen
    const room = window.visualViewport ? window.visualViewport.height : window.innerHeight;
    let delta = 0;
    if (bottom - top + 2 * MARGIN > room || top < MARGIN) delta = top - MARGIN;
    else if (bottom > room - MARGIN) delta = bottom - (room - MARGIN);
    if (Math.abs(delta) >= 1) window.scrollBy(0, delta);
  }

  /** The next field that needs cards (next-field.js: never an empty lay-off row, nor a row the page hides). */
  function nextField() {
    return target ? nextCards(target.form || scope.documentElement || scope, target, true) : null;
  }

  function open(field, focusGrid) {
    if (target) target.classList.remove("picking");
    const focused = picker.contains(document.activeElement) ? document.activeElement : null;
    if (field !== target || picker.hidden) {
      // another field: what the engine said about the last one goes until it speaks about this one
      readingsBox.hidden = true;
      nextButton.classList.remove("ready");
    }
    target = field;
    field.classList.add("picking");
    for (let shut = field.closest("details:not([open])"); shut; shut = shut.parentElement.closest("details:not([open])")) shut.open = true;
    heading.textContent = `Typing into: ${nameOf(field)}`;
    const dock = dockOf(field);
    if (dock.nextElementSibling !== picker) dock.after(picker);
    picker.hidden = false;
    refresh();
    ensureButtons();
    watched.disconnect();
    for (const element of [picker, ...verdictsOf(field)]) watched.observe(element);
    // moving the picker took the focus out of it: put it back where it was, or on the cards
    if (focusGrid) rove(current, true);
    else if (focused && document.activeElement !== focused) focused.focus({ preventScroll: true });
    checkSoon();
    keepInView();
  }

  function close(backToField) {
    if (picker.hidden) return;
    const field = target;
    picker.hidden = true;
    watched.disconnect();
    if (field) field.classList.remove("picking");
    target = null;
    ensureButtons();
    if (backToField && field && field.isConnected) field.focus();
  }

  let lastSaid = "";
  function say(text) {
    // the same words twice in a row are still news (a second 7 of hearts): make them differ
    const words = text === lastSaid ? `${text}\u00a0` : text;
    lastSaid = words;
    said.textContent = words;
  }

  function changed(message) {
    target.dispatchEvent(new Event("input", { bubbles: true }));
    say(message);
    keepInView();
  }

  // --- the engine's word on the meld: complete? which readings? -----------------------------

  function showReadings(now, every) {
    const readings = every && every.legal ? every.readings : [];
    // redrawn under the focus: the focus goes to the same choice drawn again, or back to the cards
    const focused = readingsBox.contains(document.activeElement) ? document.activeElement.dataset.notation : null;
    if (readings.length < 2 || !readings.some((r) => standIns(r).length)) {
      readingsBox.hidden = true;
      if (focused) rove(current, true);
      return;
    }
    const key = (r) => `${r.kind} ${r.represents.join(" ")}`;
    const chosen = now && now.legal ? key(now.readings[0]) : null;
    const points = new Set(readings.map((r) => r.points)).size > 1;
    const title = document.createElement("p");
    title.className = "picker-readings-title";
    title.id = "card-picker-readings-title";
    title.textContent = "A wild card here can stand for more than one card. Which was played?";
    const choices = document.createElement("div");
    choices.className = "picker-reading-choices";
    choices.setAttribute("role", "group");
    choices.setAttribute("aria-labelledby", title.id);
    for (const reading of readings) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button small picker-reading";
      const wild = standIns(reading).map(([card, as]) => `${cardFace(card)} as ${cardFace(as)}`).join(", ");
      button.textContent = `${reading.kind === "set" ? "Set" : "Run"}: ${wild}${points ? `, ${reading.points} points` : ""}`;
      button.setAttribute("aria-pressed", String(key(reading) === chosen));
      button.dataset.notation = reading.notation;
      button.dataset.words = standIns(reading).map(([card, as]) => `${cardWords(card)} as ${cardWords(as)}`).join(", ");
      choices.append(button);
    }
    // the notation explained with this meld's own example: the reading not in use, else the one in use
    const example = readings.find((r) => key(r) !== chosen && standIns(r).length) || readings[0];
    const [card, as] = standIns(example)[0];
    const note = document.createElement("p");
    note.className = "note";
    const code = document.createElement("code");
    code.textContent = `${card}=${as}`;
    note.append("Choosing one writes it in the field: ", code, ` means the ${cardFace(card)} is played as the ${cardFace(as)}.`);
    readingsBox.replaceChildren(title, choices, note);
    readingsBox.hidden = false;
    if (focused) {
      const again = Array.from(choices.children).find((b) => b.dataset.notation === focused);
      if (again) again.focus({ preventScroll: true });
      else rove(current, true);
    }
  }

  async function checkTarget() {
    const field = target;
    if (!field || picker.hidden || !field.matches("[data-meld-check]")) return;
    const typed = field.value.trim();
    let now = null;
    let every = null;
    if (typed) {
      // pinned wild cards (2C=QS) have one reading: the same cards unpinned show every choice
      const plain = typed.replace(/=\S+/g, "");
      try {
        [now, every] = await Promise.all([askEngine(field, typed), plain === typed ? null : askEngine(field, plain)]);
      } catch {
        return; // no answer (offline): the verdict says so; the picker just stays as it is
      }
      if (target !== field || field.value.trim() !== typed) return; // typed on since: a newer check is coming
    }
    // a legal meld may still grow (a fourth card of a set, a longer run): offer the next field, never jump
    nextButton.classList.toggle("ready", Boolean(now && now.legal));
    showReadings(now, every || now);
  }
  const checkSoon = debounce(checkTarget, CHECK_DELAY_MS);

  // --- what the player does --------------------------------------------------------------------

  scope.addEventListener("click", (event) => {
    const opener = event.target.closest(".picker-open");
    if (!opener || !scope.contains(opener)) return;
    const field = opener.previousElementSibling;
    if (!field || !field.matches("[data-cards]")) return;
    if (field === target && !picker.hidden) close(false);
    else open(field, true);
  });

  picker.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !target) return;
    if (button.dataset.card) {
      rove(button, document.activeElement === button);
      target.value = `${target.value.trim()} ${button.dataset.card}`.trim();
      changed(`${cardWords(button.dataset.card)} added to ${nameOf(target)}`);
    } else if (button.dataset.notation) {
      target.value = button.dataset.notation;
      changed(`${nameOf(target)}: ${button.dataset.words}`);
    } else if (button.dataset.picker === "undo") {
      const kept = target.value.trim().split(/[\s,]+/).filter(Boolean);
      const gone = kept.pop();
      target.value = kept.join(" ");
      const card = gone && canonicalCard(gone);
      changed(card ? `${cardWords(card)} taken out of ${nameOf(target)}` : `${nameOf(target)} is empty`);
    } else if (button.dataset.picker === "clear") {
      target.value = "";
      changed(`${nameOf(target)} cleared`);
    } else if (button.dataset.picker === "next") {
      const next = nextField();
      if (!next) return;
      open(next, true);
      say(`Typing into: ${nameOf(next)}`);
    } else if (button.dataset.picker === "close") {
      close(true);
    }
  });

  const MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  const enabled = (b) => !b.disabled;
  grid.addEventListener("keydown", (event) => {
    const button = event.target.closest("button.pick");
    if (!button || event.altKey || event.metaKey) return;
    let to = null;
    if (MOVES[event.key]) to = step(button, ...MOVES[event.key], enabled);
    else if (event.key === "Home") to = event.ctrlKey ? cards.find(enabled) : rows[place(button)[0]].find(enabled);
    else if (event.key === "End") to = event.ctrlKey ? cards.findLast(enabled) : rows[place(button)[0]].findLast(enabled);
    else return;
    event.preventDefault();
    if (to) rove(to, true);
  });
  grid.addEventListener("focusin", (event) => {
    const button = event.target.closest("button.pick");
    if (button) rove(button, false);
  });

  picker.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close(true);
  });

  scope.addEventListener("input", (event) => {
    refresh();
    if (event.target === target) checkSoon();
  });
  // 5000 Rummy: another wild rank reads the meld anew
  scope.addEventListener("change", (event) => {
    if (target && event.target.name === "wild_rank") checkSoon();
  });
  // rows added or renumbered later (another meld, a restored draft): their fields get a button,
  // and the picker stays docked under its field
  new MutationObserver(() => {
    ensureButtons();
    if (target && !target.isConnected) close(false);
    else if (target && dockOf(target).nextElementSibling !== picker) open(target, false);
  }).observe(scope === document ? document.body : scope, { childList: true, subtree: true });

  cards.forEach((button) => { button.tabIndex = -1; });
  rove(cards[0], false);
  ensureButtons();
  refresh();
}

// the tile picker shares the card picker's looks (class card-picker), not its script: static/js/tile-picker.js
for (const picker of document.querySelectorAll(".card-picker:not(.tile-picker)")) initCardPicker(picker);
