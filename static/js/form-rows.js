// More meld and lay-off rows without a round trip. Without script the "Another meld" and "Another
// lay-off" buttons post the form and the server adds the row; with it the row is added here, so
// nothing typed leaves the page. A restored draft or a player's part may need rows the page was
// not drawn with: ensureField adds them. No side effects on load.
//
// Rows live in a .melds or .layoffs element carrying data-seat; their fields are named
// "players-0-melds-2" / "players-0-layoffs-1-cards" on the hand form, "melds-2" on a player's own.

const ROW = { melds: ".meld-row", layoffs: ".layoff-row" };
const MAX_ROWS = 30;

/** The kind and row index a field name points at ("players-0-melds-2" -> ["melds", 2]), or null. */
function rowOf(name) {
  const found = /(?:^|-)(melds|layoffs)-(\d+)(?=$|-)/.exec(name);
  return found ? [found[1], Number(found[2])] : null;
}

function renumbered(text, kind, index) {
  return text.replace(new RegExp(`(^|-)${kind}-\\d+(?=$|-)`), `$1${kind}-${index}`);
}

function relabel(root, index) {
  // "Ann's meld 2" -> "Ann's meld 3" (a group in Indian Rummy), inside labels and their hidden parts alike
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest("label")) continue;
    node.textContent = node.textContent.replace(/\b(meld|group|lay-off) \d+/i, (_, word) => `${word} ${index + 1}`);
  }
}

/** Offer the new meld row (seat, row) as a lay-off target in every "onto" list of the form. */
function offerMeld(form, seat, row) {
  for (const select of form.querySelectorAll('select[name$="-onto"]')) {
    const before = Array.from(select.options).find((option) => option.value === `${seat}:${row - 1}`);
    if (!before || Array.from(select.options).some((option) => option.value === `${seat}:${row}`)) continue;
    const option = before.cloneNode(false);
    option.value = `${seat}:${row}`;
    option.selected = false;
    delete option.dataset.base;
    option.textContent = (before.dataset.base || before.textContent).replace(/\bmeld \d+(?!.*\bmeld \d+)/, `meld ${row + 1}`);
    before.after(option);
  }
}

/** Add one empty row at the end of a .melds or .layoffs element; returns the new row. */
export function addRow(container) {
  const kind = container.classList.contains("melds") ? "melds" : "layoffs";
  const rows = container.querySelectorAll(ROW[kind]);
  const last = rows[rows.length - 1];
  const index = rows.length;
  const row = last.cloneNode(true);
  for (const element of [row, ...row.querySelectorAll("*")]) {
    for (const attribute of ["name", "id", "for", "aria-describedby"]) {
      const value = element.getAttribute(attribute);
      if (value) element.setAttribute(attribute, renumbered(value, kind, index));
    }
  }
  relabel(row, index);
  // the row is new: nothing typed, nothing checked, no errors of the row it was copied from
  for (const error of row.querySelectorAll(".field-errors")) error.remove();
  for (const output of row.querySelectorAll("output")) {
    output.replaceChildren();
    output.className = "meld-check";
  }
  for (const field of row.querySelectorAll("input, select")) {
    field.classList.remove("picking");
    field.removeAttribute("value");
    field.removeAttribute("aria-invalid");
    field.removeAttribute("autofocus");
    field.value = "";
    // only the live check's own output describes a new row's field
    if (field.getAttribute("aria-describedby")) field.setAttribute("aria-describedby", `${field.id}-check`);
  }
  last.after(row);
  if (kind === "melds") offerMeld(container.closest("form"), container.dataset.seat, index);
  return row;
}

/** The form's field called `name`, after adding the rows it needs; null when no rows of its kind exist. */
export function ensureField(form, name) {
  const where = rowOf(name);
  if (form.elements[name] || !where) return form.elements[name] || null;
  const [kind, index] = where;
  const first = form.elements[renumbered(name, kind, 0)];
  const container = first && first.closest(kind === "melds" ? ".melds" : ".layoffs");
  if (!container || index >= MAX_ROWS) return null;
  while (!form.elements[name] && container.querySelectorAll(ROW[kind]).length <= index) addRow(container);
  return form.elements[name] || null;
}

/** Make sure a lay-off's "onto" list can show `value` ("seat:row"), adding that meld row if it is missing. */
export function ensureOption(select, value) {
  if (!value || Array.from(select.options).some((option) => option.value === value)) return;
  const [seat, row] = value.split(":");
  if (row === undefined) return;
  // only melds typed on this page can be added: another player's part names only what they sent
  const first = select.form.querySelector(`.melds[data-seat="${seat}"] input`);
  if (first) ensureField(select.form, renumbered(first.name, "melds", Number(row)));
}

/** Let the "Another meld" / "Another lay-off" buttons add their row in place (data-more names their rows' element). */
export function addRowsInPlace(form) {
  form.addEventListener("click", (event) => {
    const button = event.target.closest('button[name="more"]');
    if (!button) return;
    const part = button.closest(".player-part") || form;
    const container = button.dataset.more ? part.querySelector(button.dataset.more) : button.closest(".melds, .layoffs");
    if (!container) return;
    event.preventDefault();
    const row = addRow(container);
    const field = row.querySelector("input");
    if (field) field.focus();
    // a new meld row is a new lay-off target: the lists that name melds by their cards redraw
    form.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
