// A card in words and as drawn, as scorekeeper/webapp/card_chips.py says and draws it on the server:
// "queen of spades" and Q♠, "joker" and JK. The card picker and the checker's verdicts name cards
// through here, so a card is said the same way wherever it appears.

const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANK_WORDS = { A: "ace", J: "jack", Q: "queen", K: "king" };

/** A card ("QS", "10H", "JK") in words: "queen of spades", "10 of hearts", "joker". */
export function cardWords(card) {
  if (card === "JK") return "joker";
  const rank = card.slice(0, -1);
  return `${RANK_WORDS[rank] || rank} of ${SUITS[card.slice(-1)][1]}`;
}

/** A card as a chip shows it: "Q♠", "JK". */
export function cardFace(card) {
  return card === "JK" ? "JK" : card.slice(0, -1) + SUITS[card.slice(-1)][0];
}

/** The colour class of a card's chip: "red", "black" or "joker". */
export function cardColour(card) {
  if (card === "JK") return "joker";
  return "HD".includes(card.slice(-1)) ? "red" : "black";
}
