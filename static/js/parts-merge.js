// Players' own parts, merged into the hand form as they arrive: never replacing what was typed.
// A part fills a player only when nothing is typed for them here (or what is there came from an
// earlier version of their part). A player both typed here and sent is shown side by side, with
// one button for each, and Save waits until each is chosen. Whatever is on screen at Save is what is saved. The form's hidden
// parts_seen field remembers what was merged, so a kept draft and a form sent back carry it.
// No side effects on load.

import { cardChips } from "./card-words.js";
import { ensureField, ensureOption } from "./form-rows.js";

function normal(value) {
  return value.toUpperCase().replace(/[\s,]+/g, " ").trim();
}

/** A radio button or a checkbox: its value is one of its choices, held only while it is ticked. */
function isChoice(field) {
  return field.type === "radio" || field.type === "checkbox";
}

/** A seat's fields that hold something, name -> value as typed (a choice only where ticked). */
function typedFor(form, seat) {
  const prefix = `players-${seat}-`;
  const found = {};
  for (const field of form.elements) {
    if (!field.name || !field.name.startsWith(prefix) || (isChoice(field) && !field.checked)) continue;
    // every choice of Indian Rummy's "how they played" has a value: only the ticked one was chosen here
    if (field.value.trim()) found[field.name] = field.value;
  }
  return found;
}

function same(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (normal(a[key] || "") !== normal(b[key] || "")) return false;
  }
  return true;
}

function filledOnly(values) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim()));
}

function fire(field, kind) {
  field.dispatchEvent(new Event(kind, { bubbles: true }));
}

/** Put a part's values into its seat's fields: rows added as needed, the seat's other fields emptied. */
function fill(form, seat, values) {
  const prefix = `players-${seat}-`;
  for (const name of Object.keys(values)) ensureField(form, name);
  for (const field of Array.from(form.elements)) {
    if (!field.name || !field.name.startsWith(prefix)) continue;
    const value = values[field.name] || "";
    if (isChoice(field)) {
      // tick the choice the part names (none named: the one worth "", Indian Rummy's "Played");
      // its value is what it posts, never to be overwritten
      if (field.checked === (field.value === value)) continue;
      field.checked = field.value === value;
      fire(field, "change");
      continue;
    }
    if (field.tagName === "SELECT") ensureOption(field, value);
    if (field.value === value) continue;
    field.value = value;
    fire(field, field.tagName === "SELECT" ? "change" : "input");
  }
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A line of a player's entry: words, then cards drawn as the rest of the page draws them, then more words. */
function line(before, cards, after = "") {
  const item = element("li", "", before);
  item.append(cardChips(cards), after);
  return item;
}

/** The words of the choice `state` of a seat's "how they played" (Indian Rummy's "Dropped (first) · 20"), or "". */
function leavingWords(form, seat, state) {
  const field = Array.from(form.elements).find(
    (node) => node.name === `players-${seat}-state` && node.type === "radio" && node.value === state);
  const label = field && field.closest("label");
  return label ? label.textContent.trim() : "";
}

/** One player's entry in words and card chips: how they left the hand, else melds, lay-offs and cards left. */
function summary(values, seat, names, form) {
  const list = element("ul", "part-summary");
  const state = values[`players-${seat}-state`];
  if (state) {
    // a drop or a wrong show tapped here: their cards are not asked, so they are not shown either
    list.append(element("li", "", leavingWords(form, seat, state) || state));
    return list;
  }
  const rows = (kind) => Object.keys(values)
    .map((name) => [name, new RegExp(`^players-${seat}-${kind}-(\\d+)`).exec(name)])
    .filter(([, found]) => found)
    .sort((a, b) => Number(a[1][1]) - Number(b[1][1]));
  for (const [name] of rows("melds")) list.append(line("Meld: ", values[name]));
  for (const [name, found] of rows("layoffs")) {
    if (!name.endsWith("-cards")) continue;
    const onto = values[`players-${seat}-layoffs-${found[1]}-onto`] || "";
    const [owner, meld] = onto.split(":");
    const where = meld === undefined ? "(no meld chosen)" : `${names[owner] || "?"}'s meld ${Number(meld) + 1}`;
    list.append(line("Laid off ", values[name], ` onto ${where}`));
  }
  const left = values[`players-${seat}-in_hand`];
  list.append(left ? line("Left in hand: ", left) : element("li", "", "Nothing left in hand"));
  return list;
}

function seenOf(form) {
  try {
    const seen = JSON.parse(form.elements.parts_seen.value || "{}");
    return seen && typeof seen === "object" && !Array.isArray(seen) ? seen : {};
  } catch {
    return {};
  }
}

/** Offer the choice between what is typed here and what the player sent, inside their part. */
function offerChoice(form, seat, part, names, choose) {
  const fieldset = document.getElementById(`player-${seat}`);
  if (!fieldset) return;
  let panel = fieldset.querySelector(".part-choice");
  if (!panel) {
    panel = element("div", "part-choice");
    panel.setAttribute("role", "group");
    fieldset.querySelector("legend").after(panel);
  }
  panel.setAttribute("aria-label", `${part.name}: typed here or sent from their phone`);
  // Save names whose part is waiting (holdSaveWhileChoosing) and moves the focus here
  panel.dataset.name = part.name;
  panel.tabIndex = -1;
  const here = element("div", "part-side");
  here.append(element("h3", "", "Typed here"), summary(typedFor(form, seat), seat, names, form));
  const sent = element("div", "part-side");
  sent.append(element("h3", "", `Sent by ${part.name}`), summary(filledOnly(part.values), seat, names, form));
  const sides = element("div", "part-sides");
  sides.append(here, sent);
  const keep = element("button", "button small", `Keep what is typed for ${part.name}`);
  const use = element("button", "button small primary", `Use what ${part.name} sent`);
  keep.type = use.type = "button";
  keep.addEventListener("click", () => choose(false));
  use.addEventListener("click", () => choose(true));
  const buttons = element("p", "part-choice-buttons");
  buttons.append(keep, use);
  panel.replaceChildren(
    element("p", "", `${part.name} sent their own part, and it is not what is typed here. Which one is right?`),
    sides, buttons,
  );
}

function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * Save never passes a choice still open: it says whose part is waiting (and how many), and brings
 * the first one into view with the focus. The server refuses such a save too (a part that arrives
 * between two looks has no choice on screen yet); this spares the round trip and says where to look.
 */
export function holdSaveWhileChoosing(form) {
  // capture: runs before the background save's own listener on the form, which it stops
  form.addEventListener("submit", (event) => {
    if (!event.submitter || !event.submitter.hasAttribute("data-save")) return;
    const open = Array.from(form.querySelectorAll(".part-choice"));
    if (!open.length) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const names = open.map((panel) => panel.dataset.name);
    const status = form.querySelector("[data-save-status]");
    if (status) {
      status.textContent = names.length === 1
        ? `Not saved: ${names[0]}'s own part is waiting to be chosen. Keep what is typed or use what ${names[0]} sent.`
        : `Not saved: ${names.length} players' own parts are waiting to be chosen (${listed(names)}). Keep one or the other for each.`;
      status.dataset.state = "waiting";
      status.hidden = false;
    }
    const first = open[0];
    const card = first.closest("details");
    if (card) card.open = true;
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }, true);
}

/**
 * Merge the parts sent ({names, parts: {seat: {name, version, values, went_out, wild_rank}}}) into
 * the hand form. Returns each sender's name by outcome: filled (on screen as sent), kept (typed
 * here, chosen over the part) and differ (both shown: waiting for a choice).
 */
export function mergeParts(form, sent, onChange) {
  const seen = seenOf(form);
  const names = sent.names || [];
  const outcome = { filled: [], kept: [], differ: [] };

  function remember() {
    const now = JSON.stringify(seen);
    if (form.elements.parts_seen.value === now) return;
    form.elements.parts_seen.value = now;
    // a hidden field fires nothing: say the form changed, so the draft kept on the phone follows
    form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  for (const [seat, part] of Object.entries(sent.parts || {})) {
    const sentValues = filledOnly(part.values);
    const typed = typedFor(form, seat);
    const before = seen[seat];
    if (same(typed, sentValues)) {
      seen[seat] = { v: part.version, vals: sentValues };
      outcome.filled.push(part.name);
    } else if (!Object.keys(typed).length || (before && before.vals && same(typed, before.vals))) {
      // nothing typed for this player here, or only what an earlier version of their part put there
      fill(form, seat, part.values);
      seen[seat] = { v: part.version, vals: sentValues };
      outcome.filled.push(part.name);
    } else if (before && before.kept === part.version) {
      outcome.kept.push(part.name);
    } else {
      offerChoice(form, seat, part, names, (useSent) => {
        if (useSent) {
          fill(form, seat, part.values);
          seen[seat] = { v: part.version, vals: sentValues };
        } else {
          seen[seat] = { ...(seen[seat] || {}), kept: part.version };
        }
        document.getElementById(`player-${seat}`).querySelector(".part-choice").remove();
        remember();
        if (onChange) onChange();
      });
      outcome.differ.push(part.name);
      continue;
    }
    const panel = document.querySelector(`#player-${seat} .part-choice`);
    if (panel) panel.remove();
    // who went out is a row of radios: setting the group's value ticks the one of that name, which says so
    const wentOut = form.elements.went_out;
    if (part.went_out && wentOut && !wentOut.value) {
      wentOut.value = part.name;
      const ticked = form.querySelector("input[name=went_out]:checked");
      if (ticked) fire(ticked, "change");
    }
    const wild = form.elements.wild_rank;
    if (part.wild_rank && wild && !wild.value) {
      wild.value = part.wild_rank;
      fire(wild, "change");
    }
  }
  remember();
  return outcome;
}
