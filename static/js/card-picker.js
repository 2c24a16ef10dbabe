// The card picker: taps type card notation into the card field that last had focus.
// Card fields are text inputs marked [data-cards]; the picker counts the cards in every
// such field of its form and greys out a card once all its copies are in use.
// See templates/_card_picker.html for how to include it.

const JOKERS = new Set(["JK", "JOKER", "*"]);
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const SUITS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

/** Canonical notation of one typed token ("10s" -> "10S", "jk=8h" -> "JK"), or null. */
function canonicalCard(token) {
  const text = token.split("=")[0].trim().toUpperCase();
  if (JOKERS.has(text)) return "JK";
  if (text.length < 2) return null;
  const suit = SUITS[text.slice(-1)];
  let rank = text.slice(0, -1);
  rank = RANKS[rank] || rank;
  const n = Number(rank);
  if (!suit) return null;
  if (!["A", "J", "Q", "K"].includes(rank) && !(Number.isInteger(n) && n >= 2 && n <= 10)) return null;
  return rank + suit;
}

/** Count the cards typed in every field: {"7H": 1, ...}. */
function countCards(fields) {
  const counts = {};
  for (const field of fields) {
    for (const token of field.value.split(/[\s,]+/)) {
      const card = token && canonicalCard(token);
      if (card) counts[card] = (counts[card] || 0) + 1;
    }
  }
  return counts;
}

function labelOf(field) {
  const label = field.labels && field.labels[0];
  return label ? label.textContent.trim() : field.name;
}

/** Wire one picker element to the card fields of its scope. */
function initCardPicker(picker) {
  const scope = picker.closest("form") || document;
  const deck = JSON.parse(picker.dataset.deckCounts || "{}");
  const status = picker.querySelector(".picker-target");
  let target = null;

  const fields = () => Array.from(scope.querySelectorAll("[data-cards]"));

  function refresh() {
    const used = countCards(fields());
    for (const button of picker.querySelectorAll("button.pick")) {
      const card = button.dataset.card;
      const available = deck[card];
      const exhausted = available !== undefined && (used[card] || 0) >= available;
      button.disabled = exhausted;
      button.classList.toggle("used", (used[card] || 0) > 0);
    }
  }

  function setTarget(field) {
    if (target) target.classList.remove("picking");
    target = field;
    target.classList.add("picking");
    status.textContent = `Typing into: ${labelOf(field)}`;
  }

  function changed() {
    target.dispatchEvent(new Event("input", { bubbles: true }));
    refresh();
  }

  scope.addEventListener("focusin", (event) => {
    if (event.target.matches("[data-cards]")) setTarget(event.target);
  });
  scope.addEventListener("input", refresh);

  picker.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.picker === "toggle") {
      show(button.getAttribute("aria-expanded") !== "true");
      return;
    }
    if (!target) {
      const first = fields()[0];
      if (!first) return;
      setTarget(first);
    }
    if (button.dataset.card) {
      target.value = (target.value.trim() + " " + button.dataset.card).trim();
    } else if (button.dataset.picker === "undo") {
      target.value = target.value.trim().split(/[\s,]+/).slice(0, -1).join(" ");
    } else if (button.dataset.picker === "clear") {
      target.value = "";
    } else if (button.dataset.picker === "next") {
      const all = fields();
      const next = all[all.indexOf(target) + 1];
      if (next) {
        setTarget(next);
        next.scrollIntoView({ block: "center", behavior: "smooth" });
      }
      return;
    }
    changed();
  });

  function show(open) {
    const toggle = picker.querySelector("[data-picker=toggle]");
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? "Hide cards" : "Show cards";
    picker.querySelector(".picker-body").hidden = !open;
  }

  picker.hidden = false;
  // on a phone the full deck would cover the form: start folded, one tap opens it
  show(!window.matchMedia("(max-width: 40rem)").matches);
  refresh();
}

for (const picker of document.querySelectorAll(".card-picker")) initCardPicker(picker);
