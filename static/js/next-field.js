// Moving on through a hand's fields as a person enters them: the card picker's "Next field" and the
// phone keyboard's Enter ("next", enterkeyhint) go to the next field that needs cards, not to every field.
//
// A field needs entering when it is an empty card field or one of the game's counts (Canasta's red threes)
// that is shown; a lay-off row is skipped (few hands have one: a player who lays off taps it), and so is a row the
// page hides (the cards left of the player who went out, a player who dropped). Enter in one of these
// fields never submits the form half-way: only in the last one, once every one of them has cards, it saves.

const ENTERED = "input[data-cards], .count-row input";

/** Whether `field` is shown by the page (a folded player's card still counts: it opens when reached). */
function shown(field, form) {
  for (let node = field; node && node !== form; node = node.parentElement) {
    if (node.hidden || getComputedStyle(node).display === "none") return false;
  }
  return !field.disabled && !field.readOnly;
}

/** The fields of `form` a person enters in turn; `cardsOnly` leaves out the counts (the picker types only cards). */
export function entryFields(form, cardsOnly = false) {
  return Array.from(form.querySelectorAll(cardsOnly ? "input[data-cards]" : ENTERED)).filter(
    (field) => !field.matches("[data-layoff-check]") && shown(field, form),
  );
}

/**
 * The field to go to from `field`: the next empty one after it in page order, else the first empty one above it
 * (the players above the one who went out, who is asked first), else null (everything is entered).
 */
export function nextField(form, field, cardsOnly = false) {
  const empty = entryFields(form, cardsOnly).filter((each) => each !== field && !each.value.trim());
  const after = empty.find((each) => field.compareDocumentPosition(each) & Node.DOCUMENT_POSITION_FOLLOWING);
  return after || empty[0] || null;
}

/** Open the player's card a field is in, and give the field the focus, in view. */
export function goTo(field) {
  const card = field.closest("details");
  if (card) card.open = true;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
}

/** The form's button that saves it (the hand form's "Save hand N", a player's "Send my part", gin's "Work it out"). */
function saveButton(form) {
  return form.querySelector(".submit-row [type=submit], [type=submit][data-save]");
}

/**
 * Enter in an entry field moves on (the phone keyboard's "next") to the next field that needs cards; in the
 * last one, once every field that needs cards has some, it saves, as a form's last field does (its key says
 * "done"). It never submits the form half-way.
 */
export function moveOnWithEnter(form) {
  form.addEventListener("focusin", (event) => {
    const field = event.target;
    if (!field.matches || !field.matches(ENTERED)) return;
    field.enterKeyHint = nextField(form, field) || !field.value.trim() ? "next" : "done";
  });
  form.addEventListener("input", (event) => {
    const field = event.target;
    if (field.matches && field.matches(ENTERED) && document.activeElement === field) {
      field.enterKeyHint = nextField(form, field) || !field.value.trim() ? "next" : "done";
    }
  });
  form.addEventListener("keydown", (event) => {
    const field = event.target;
    if (event.key !== "Enter" || event.isComposing || !field.matches || !field.matches(ENTERED)) return;
    event.preventDefault();
    const next = nextField(form, field);
    if (next) goTo(next);
    else if (field.value.trim() && saveButton(form)) form.requestSubmit(saveButton(form));
  });
}

for (const form of document.querySelectorAll("form[data-enter-moves-on]")) moveOnWithEnter(form);
