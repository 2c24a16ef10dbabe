// What the pages that check melds as they are typed share (checker-page.js, meld-check.js, the hand form's
// counts): the calls to the check APIs, a debounce, and who went out. No side effects on load.

/** Who went out on a hand form: the name chosen, when the hand ended with a player going out; "" otherwise. */
export function goerName(form) {
  const ended = form.querySelector("input[name=ended]:checked");
  const goer = form.elements.went_out;
  return (!ended || ended.value === "went_out") && goer ? goer.value || "" : "";
}

/**
 * POST one meld to /api/v1/melds/check; resolves to the fetch response, whose JSON body is the
 * check (200) or names what cannot be read (400). Each caller handles failures its own way.
 */
export function postMeldCheck(game, options, wildRank, cards, goingOut = false) {
  return fetch("/api/v1/melds/check", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    // going_out: the meld is made by the player who went out (only Canasta's black threes ask)
    body: JSON.stringify({ game, options, wild_rank: wildRank || null, going_out: goingOut, cards }),
  });
}

/** POST `body` as JSON to one of the API's checks; resolves to the fetch response. */
export function postJson(path, body) {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

/** `fn`, called `ms` after the last of a burst of calls (one check per pause in typing, not per key). */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/**
 * POST a whole declaration (its groups, each a string of cards) to /api/v1/declarations/check;
 * resolves to the fetch response: "valid show" or the first reason not (200), or what cannot be read (400).
 */
export function postDeclarationCheck(game, options, wildRank, groups) {
  return fetch("/api/v1/declarations/check", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ game, options, wild_rank: wildRank || null, groups }),
  });
}

/** POST /api/v1/melds/first/check: whether a player's first melds reach the game's initial meld together. */
export function postFirstMeldsCheck(game, options, melds) {
  return fetch("/api/v1/melds/first/check", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ game, options, melds }),
  });
}
