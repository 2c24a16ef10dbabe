// The tile picker (templates/_tile_picker.html): Rummikub's tiles typed by tapping a colour, then numbers.
//
// Every tile field (a text input marked [data-cards]) gets a "Tiles" button beside it; the picker opens docked
// just below that field and types only into it, as the card picker does for cards. A colour is chosen once
// (its letter, name and mark on the key, never its colour alone); each number key then adds that tile
// ("7R"). The picker counts the tiles typed in every field of its form and disables a tile once both copies
// are typed. After each change it fires an "input" event on the field, so the rack's live value is asked again.

const TOKEN = /^(\d{1,2})([RBOYK])$/i;

/** A typed token as a tile's notation ("7y" -> "7O", "jk" -> "JK"), or null. */
function tileOf(token) {
  if (/^jk$/i.test(token)) return "JK";
  const found = TOKEN.exec(token);
  if (!found) return null;
  const colour = found[2].toUpperCase() === "Y" ? "O" : found[2].toUpperCase();
  return `${Number(found[1])}${colour}`;
}

/** How many of each tile the fields hold: {"7R": 2, "JK": 1}. */
function countTiles(fields) {
  const counts = {};
  for (const field of fields) {
    for (const token of field.value.split(/[\s,]+/)) {
      const tile = tileOf(token);
      if (tile) counts[tile] = (counts[tile] || 0) + 1;
    }
  }
  return counts;
}

/** The name a field is known by: its label ("Ann's tiles on the rack"). */
function nameOf(field) {
  const label = field.labels && field.labels[0];
  return label ? label.textContent.replace(/\s+/g, " ").trim() : field.name;
}

function setUp(picker) {
  const scope = picker.closest("form") || document;
  const said = document.getElementById("tile-picker-said");
  const targetLine = picker.querySelector(".picker-target");
  const deck = JSON.parse(picker.dataset.deckCounts || "{}");
  const fields = () => Array.from(scope.querySelectorAll("[data-cards]"));
  let target = null;
  let colour = picker.querySelector(".tile-colour[aria-pressed=true]");

  const say = (text) => { said.textContent = text; };

  function refresh() {
    const used = countTiles(fields());
    for (const key of picker.querySelectorAll(".tile-pick")) {
      const tile = key.dataset.tile || `${key.dataset.number}${colour.dataset.colour}`;
      key.disabled = deck[tile] !== undefined && (used[tile] || 0) >= deck[tile];
    }
  }

  function choose(button) {
    colour = button;
    for (const other of picker.querySelectorAll(".tile-colour")) other.setAttribute("aria-pressed", String(other === button));
    for (const key of picker.querySelectorAll(".tile-pick[data-number]")) {
      key.className = `pick tile-pick tile-${button.dataset.colour}`;
      key.querySelector(".tile-mark").textContent = button.dataset.mark;
      key.setAttribute("aria-label", `${button.dataset.word} ${key.dataset.number}`);
    }
    refresh();
    say(`${button.dataset.word} chosen`);
  }

  function changed(words) {
    target.dispatchEvent(new Event("input", { bubbles: true }));
    refresh();
    say(words);
  }

  function open(field) {
    if (target) target.classList.remove("picking");
    target = field;
    field.classList.add("picking");
    (field.closest(".field") || field).after(picker);
    picker.hidden = false;
    targetLine.textContent = `Typing into: ${nameOf(field)}`;
    for (const opener of scope.querySelectorAll(".picker-open")) opener.setAttribute("aria-expanded", String(opener.previousElementSibling === field));
    refresh();
  }

  function close() {
    picker.hidden = true;
    for (const opener of scope.querySelectorAll(".picker-open")) opener.setAttribute("aria-expanded", "false");
    if (target) {
      target.classList.remove("picking");
      target.focus();
    }
  }

  for (const field of fields()) {
    // the page draws each field's Tiles button (templates/sessions/_card_rows.html); a field without one gets it here
    const drawn = field.nextElementSibling;
    if (drawn && drawn.matches(".picker-open")) continue;
    const opener = document.createElement("button");
    opener.type = "button";
    opener.className = "button small picker-open";
    const which = document.createElement("span");
    which.className = "visually-hidden";
    which.textContent = ` for ${nameOf(field)}`;
    opener.append("Tiles", which);
    opener.setAttribute("aria-expanded", "false");
    opener.setAttribute("aria-controls", picker.id);
    // field and button share one box, as the card picker's do (the field takes the room, the button its word)
    const box = document.createElement("div");
    box.className = "picker-field";
    field.before(box);
    box.append(field, opener);
  }

  scope.addEventListener("click", (event) => {
    const opener = event.target.closest(".picker-open");
    if (!opener) return;
    const field = opener.previousElementSibling;
    if (field === target && !picker.hidden) close();
    else open(field);
  });

  picker.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !target) return;
    if (button.dataset.colour) {
      choose(button);
    } else if (button.dataset.number || button.dataset.tile) {
      const tile = button.dataset.tile || `${button.dataset.number}${colour.dataset.colour}`;
      target.value = `${target.value.trim()} ${tile}`.trim();
      changed(`${button.getAttribute("aria-label")} added to ${nameOf(target)}`);
    } else if (button.dataset.picker === "undo") {
      const kept = target.value.trim().split(/[\s,]+/).filter(Boolean);
      const gone = kept.pop();
      target.value = kept.join(" ");
      changed(gone ? `${gone} taken out of ${nameOf(target)}` : `${nameOf(target)} is empty`);
    } else if (button.dataset.picker === "clear") {
      target.value = "";
      changed(`${nameOf(target)} cleared`);
    } else if (button.dataset.picker === "next") {
      const all = fields();
      const next = all[all.indexOf(target) + 1];
      if (next) open(next);
    } else if (button.dataset.picker === "close") {
      close();
    }
  });

  picker.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  scope.addEventListener("input", (event) => {
    if (event.target.matches && event.target.matches("[data-cards]")) refresh();
  });
}

const picker = document.getElementById("tile-picker");
if (picker) setUp(picker);
