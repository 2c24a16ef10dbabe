// The meld checker, live: as cards are tapped or typed, the meld goes to POST /api/v1/melds/check,
// the lay-off to GET /check/layoff.json and a whole show (where the game has one) to
// POST /api/v1/declarations/check, the verdicts are redrawn, and the address bar keeps
// a URL that asks the same question (history.replaceState), ready to share or bookmark.
// Without this script the form is an ordinary GET form and the server answers the same way.

import { firstVerdict, showVerdict, verdict } from "./checker-verdict.js";
import { debounce, postDeclarationCheck, postFirstMeldsCheck, postMeldCheck } from "./meld-api.js";

const DELAY_MS = 250;

const form = document.getElementById("check-form");

/**
 * The query string of the form as it stands: every field filled in, options left at their
 * default omitted (as share_params in scorekeeper/checker/forms.py does on the server).
 */
function queryOf(formElement) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(formElement)) {
    if (typeof value !== "string" || value.trim() === "") continue;
    const field = formElement.elements[name];
    if (field && field.dataset && field.dataset.default !== undefined && field.dataset.default === value) continue;
    params.append(name, value.trim());
  }
  return params;
}

async function askJson(request) {
  try {
    const response = await request;
    return await response.json();
  } catch {
    return { error: "No answer from the server: check the connection and try again." };
  }
}

function setup() {
  if (!form) return;
  const game = form.dataset.game;
  const gameName = form.dataset.gameName;
  const options = JSON.parse(form.dataset.options || "{}");
  const meldsScore = form.dataset.meldsScore !== "false";
  const cards = form.elements.cards;
  const meld = form.elements.meld;
  const added = form.elements.added;
  const wildRank = form.elements.wild_rank;
  // only in a game with melds legal only when going out (Canasta's black threes)
  const goingOut = form.elements.going_out;
  const meldBox = document.getElementById("meld-verdict");
  const layoffBox = document.getElementById("layoff-verdict");
  // the groups of a whole show: only in a game that checks one (Indian Rummy)
  const groups = [...form.querySelectorAll("#show-part input[data-cards]")];
  const showBox = document.getElementById("show-verdict");
  // a player's first melds: only in a game with an initial meld (Rummikub)
  const firsts = [...form.querySelectorAll("#first-part input[data-cards]")];
  const firstBox = document.getElementById("first-verdict");
  let firstAsked = 0;
  const typedFirsts = () => firsts.map((field) => field.value.trim()).filter(Boolean);
  const share = document.getElementById("check-share");
  const shareLink = document.getElementById("share-link");
  let meldAsked = 0;
  let layoffAsked = 0;
  let showAsked = 0;
  const typedGroups = () => groups.map((field) => field.value.trim()).filter(Boolean);

  const urlWith = (params) => `${form.getAttribute("action")}?${params}`;
  const readingUrl = (notation) => {
    const params = queryOf(form);
    params.set("cards", notation);
    return urlWith(params);
  };

  function syncUrl() {
    const params = queryOf(form);
    const url = urlWith(params);
    history.replaceState(null, "", url);
    const asked = cards.value.trim() || (meld && meld.value.trim()) || (added && added.value.trim())
      || typedGroups().length || typedFirsts().length;
    share.hidden = !asked;
    shareLink.href = url;
    shareLink.textContent = new URL(url, location.href).href;
  }

  async function checkMeld() {
    const asked = ++meldAsked;
    if (!cards.value.trim()) {
      meldBox.replaceChildren();
      return;
    }
    const body = await askJson(postMeldCheck(game, options, wildRank && wildRank.value, cards.value, Boolean(goingOut && goingOut.checked)));
    // an older answer arriving late must not overwrite a newer one
    if (asked !== meldAsked) return;
    meldBox.replaceChildren(verdict(body, "meld", gameName, readingUrl, meldsScore));
  }

  async function checkFirsts() {
    if (!firstBox) return;
    const asked = ++firstAsked;
    const typed = typedFirsts();
    if (!typed.length) {
      firstBox.replaceChildren();
      return;
    }
    const body = await askJson(postFirstMeldsCheck(game, options, typed));
    if (asked !== firstAsked) return;
    firstBox.replaceChildren(firstVerdict(body));
  }

  async function checkLayoff() {
    if (!layoffBox) return;
    const asked = ++layoffAsked;
    if (!meld.value.trim() && !added.value.trim()) {
      layoffBox.replaceChildren();
      return;
    }
    if (!meld.value.trim() || !added.value.trim()) {
      const missing = meld.value.trim() ? "Enter the cards laid off too." : "Enter the meld on the table too.";
      layoffBox.replaceChildren(verdict({ error: missing }, "layoff", gameName));
      return;
    }
    const body = await askJson(fetch(`/check/layoff.json?${queryOf(form)}`, { headers: { Accept: "application/json" } }));
    if (asked !== layoffAsked) return;
    layoffBox.replaceChildren(verdict(body, "layoff", gameName, null, meldsScore));
  }

  async function checkShow() {
    if (!showBox) return;
    const asked = ++showAsked;
    const typed = typedGroups();
    if (!typed.length) {
      showBox.replaceChildren();
      return;
    }
    const body = await askJson(postDeclarationCheck(game, options, wildRank && wildRank.value, typed));
    if (asked !== showAsked) return;
    showBox.replaceChildren(showVerdict(body, gameName));
  }

  const meldSoon = debounce(checkMeld, DELAY_MS);
  const layoffSoon = debounce(checkLayoff, DELAY_MS);
  const showSoon = debounce(checkShow, DELAY_MS);
  const firstSoon = debounce(checkFirsts, DELAY_MS);

  form.addEventListener("input", (event) => {
    const field = event.target;
    if (field === cards || field === goingOut) meldSoon();
    if (field && (field === meld || field === added)) layoffSoon();
    if (groups.includes(field)) showSoon();
    if (firsts.includes(field)) firstSoon();
    syncUrl();
  });
  // answers come as cards are tapped, so the Check button (for pages without script) can go
  form.classList.add("live");

  form.addEventListener("change", (event) => {
    const field = event.target;
    if (field.matches("[data-reload]")) {
      // another game or option changes which fields the form has: let the server draw it
      if (field === form.elements.game) {
        for (const option of form.querySelectorAll("[data-option]")) option.disabled = true;
      }
      form.requestSubmit();
      return;
    }
    if (field === wildRank) {
      checkMeld();
      checkLayoff();
      checkShow();
      syncUrl();
    }
  });
}

setup();
