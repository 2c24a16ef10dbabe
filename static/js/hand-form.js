// Hand form helpers: lay-off targets name the meld's cards as they are typed,
// and the "who went out" choice only shows when a player went out.

const form = document.getElementById("hand-form");

function meldText(seat, row) {
  const input = form.querySelector(`[name="players-${seat}-melds-${row}"]`);
  return input ? input.value.trim() : "";
}

function refreshOnto() {
  for (const select of form.querySelectorAll("select[data-onto]")) {
    for (const option of select.options) {
      const [seat, row] = option.value.split(":");
      if (row === undefined) continue;
      if (!option.dataset.base) option.dataset.base = option.textContent;
      const cards = meldText(seat, row);
      option.textContent = cards ? `${option.dataset.base}: ${cards}` : `${option.dataset.base} (empty)`;
    }
  }
}

function refreshEnded() {
  const ended = form.querySelector("input[name=ended]:checked");
  const wentOut = form.elements.went_out;
  if (!ended || !wentOut) return;
  wentOut.closest(".field").hidden = ended.value !== "went_out";
}

if (form) {
  form.addEventListener("input", refreshOnto);
  form.addEventListener("change", refreshEnded);
  refreshOnto();
  refreshEnded();
}

// "No, go back" to the question about a player left empty: the question goes away and that
// player's first field takes the focus. Without script the link still scrolls to their part.
for (const back of document.querySelectorAll("[data-ask-back]")) {
  back.addEventListener("click", (event) => {
    const part = document.getElementById(back.dataset.askBack);
    if (!part) return;
    event.preventDefault();
    back.closest(".ask-empty").hidden = true;
    part.scrollIntoView({ block: "start" });
    const first = part.querySelector("input[data-cards]");
    if (first) first.focus({ preventScroll: true });
  });
}
