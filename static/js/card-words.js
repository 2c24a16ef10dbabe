// A card in words and as drawn, as scorekeeper/webapp/card_chips.py says and draws it on the server:
// "queen of spades" and Q♠, "joker" and JK, and a card list as the chips of templates/_card_chips.html.
// The card picker, the checker's verdicts and the players' parts on the hand form name and draw cards
// through here, so a card is said and drawn the same way wherever it appears.

const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANK_WORDS = { A: "ace", J: "jack", Q: "queen", K: "king" };
// how a card may be typed (scorekeeper/engine/cards.py, whose doctests give the grammar): any case, T for 10,
// suit letters or symbols, a rank alone (K), cards typed together (7h8h9h, KKK: JK is always the joker), and a
// run by range (7-10H). tests/browser/test_card_chips_browser.py checks this reads every case as the server does.
const JOKERS = new Set(["JK", "JOKER", "*"]);
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10" };
const SUIT_INPUT = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
const ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
// one card as typed, with the card a wild card stands for: what cards typed without spaces are made of
const ONE_RANK = "(?:10|[2-9ATJQK])";
const ONE_CARD = `${ONE_RANK}[SHDC♠♥♦♣]?`;
// what a wild card stands for takes its suit here (JK=8H): JK=JK must stay one token, refused whole
const TYPED_CARD = `(?:JOKER|JK|\\*|${ONE_CARD})(?:=${ONE_RANK}[SHDC♠♥♦♣])?`;
// sticky: read card by card from where the last one ended, as the server does (one reading, in linear time)
const NEXT_CARD = new RegExp(TYPED_CARD, "iy");
const RANGE = new RegExp(`^(${ONE_RANK})-(${ONE_RANK})([SHDC♠♥♦♣])$`, "i");

/** Canonical notation of one typed token ("10s" -> "10S", "k" -> "K", "jk=8h" -> "JK"), or null when it is not a card. */
export function canonicalCard(token) {
  const text = token.split("=")[0].trim().toUpperCase();
  if (JOKERS.has(text)) return "JK";
  if (RANKS[text]) return RANKS[text];
  const rank = RANKS[text.slice(0, -1)];
  const suit = SUIT_INPUT[text.slice(-1)];
  return rank && suit ? rank + suit : null;
}

/** The cards of a run typed as a range ("7-10h" -> 7H 8H 9H 10H), read the short way round as the server reads it; null when it is no range. */
function rangeCards(token) {
  const found = RANGE.exec(token);
  if (!found) return null;
  const first = ORDER.indexOf(RANKS[found[1].toUpperCase()]) + 1;
  const lastRank = ORDER.indexOf(RANKS[found[2].toUpperCase()]) + 1;
  const suit = SUIT_INPUT[found[3].toUpperCase()];
  if (first === lastRank) return null;
  const end = lastRank === 1 ? 14 : lastRank; // an ace ends a range high and starts one low
  let places;
  if (first === 1 || end > first) places = Array.from({ length: end - first + 1 }, (_, k) => first + k);
  else if (end !== first && 14 - first + end < first - end + 1) {
    places = [...Array.from({ length: 14 - first + 1 }, (_, k) => first + k), ...Array.from({ length: end - 1 }, (_, k) => 2 + k)];
  } else return null;
  return places.map((place) => ORDER[(place - 1) % 13] + suit);
}

/** One typed token as its card tokens: a range's cards, cards typed together apart, or itself (null: a bad range). */
function tokensOf(token) {
  if (token.includes("-")) return rangeCards(token);
  if (token.length >= 2 && canonicalCard(token) === null) return apart(token);
  return [token];
}

/** Cards typed together ("7h8h9h", "QJK") as their cards, each the longest it can be; [token] when they do not read to the end. */
function apart(token) {
  const cards = [];
  NEXT_CARD.lastIndex = 0;
  while (NEXT_CARD.lastIndex < token.length) {
    const card = NEXT_CARD.exec(token);
    if (card === null) return [token];
    cards.push(card[0]);
  }
  return cards;
}

/**
 * A card list as typed ("7h 8h, jk=9h", "7h8h9h", "KKK", "7-9h") read as the server reads a meld's cards: each
 * card with the card it stands for (null unless given after =). Null when any of it is not a card.
 */
export function readCards(text) {
  const tokens = [];
  for (const typed of text.replace(/,/g, " ").split(/\s+/).filter(Boolean)) {
    const parts = tokensOf(typed);
    if (parts === null) return null;
    tokens.push(...parts);
  }
  const read = [];
  for (const token of tokens) {
    const [own, ...meant] = token.split("=");
    const card = canonicalCard(own);
    const stands = meant.length ? canonicalCard(meant.join("=")) : null;
    // what a wild card stands for is one natural card
    if (!card || (meant.length && (!stands || stands === "JK" || meant.length > 1))) return null;
    read.push({ card, stands });
  }
  return read;
}

/** True for a card entered by its rank alone ("K", "10"): it has no suit. */
export function isSuitless(card) {
  return card !== "JK" && !(card.slice(-1) in SUITS);
}

/** A card ("QS", "10H", "JK") in words: "queen of spades", "10 of hearts", "joker". */
export function cardWords(card) {
  if (card === "JK") return "joker";
  if (isSuitless(card)) return RANK_WORDS[card] || card;
  const rank = card.slice(0, -1);
  return `${RANK_WORDS[rank] || rank} of ${SUITS[card.slice(-1)][1]}`;
}

/** A card as a chip shows it: "Q♠", "JK". */
export function cardFace(card) {
  if (card === "JK" || isSuitless(card)) return card;
  return card.slice(0, -1) + SUITS[card.slice(-1)][0];
}

/** The colour class of a card's chip: "red", "black" or "joker". */
export function cardColour(card) {
  if (card === "JK") return "joker";
  if (isSuitless(card)) return "suitless";
  return "HD".includes(card.slice(-1)) ? "red" : "black";
}

/** A card's label, colour class and words, as scorekeeper/webapp/card_chips.py's Chip has them. */
function face(card) {
  return { label: cardFace(card), colour: cardColour(card), words: cardWords(card) };
}

function span(className, text) {
  const node = document.createElement("span");
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The markup of one chip of templates/_card_chips.html, from what it shows (`shown`: a label or nodes) and says. */
function chipOf(colour, shown, words) {
  const seen = document.createElement("span");
  seen.setAttribute("aria-hidden", "true");
  seen.append(...shown);
  const chip = span(`card-chip ${colour}`);
  chip.append(seen, span("visually-hidden", words));
  return chip;
}

/**
 * A card as a chip, the markup of templates/_card_chips.html: "9H" shows as 9♥ in red and says
 * "9 of hearts"; a wild card given what it stands for shows "JK as 8♥" and says "joker as 8 of hearts".
 */
export function cardChip(card, stands) {
  const own = face(card);
  if (!stands) return chipOf(own.colour, [own.label], own.words);
  const other = face(stands);
  const shown = [span(own.colour, own.label), span("as", " as "), span(other.colour, other.label)];
  return chipOf("wild", shown, `${own.words} as ${other.words}`);
}

/**
 * A card list as typed, as the chips the server's `cards` macro draws for it (a fragment: chips
 * with a space between). Text that is not cards is one chip of that text, as on the server.
 */
export function cardChips(text) {
  const drawn = document.createDocumentFragment();
  const read = readCards(text);
  if (read === null) {
    drawn.append(chipOf("", [text], text));
    return drawn;
  }
  read.forEach(({ card, stands }, index) => {
    if (index) drawn.append(" ");
    drawn.append(cardChip(card, stands));
  });
  return drawn;
}
