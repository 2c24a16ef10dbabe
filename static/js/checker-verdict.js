// Builds the checker's verdict from a meld check body (POST /api/v1/melds/check) or a lay-off
// check body: the same markup templates/checker/_verdict.html renders on the server.

import { cardChip } from "./card-words.js";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A reading's cards in meld order, each wild card shown with the card it stands for. */
function meldCards(reading) {
  const cards = el("span", "meld-cards");
  (reading.cards || reading.represents).forEach((placed, index) => {
    const [card] = placed.split("=");
    cards.append(cardChip(card, placed.includes("=") ? reading.represents[index] : null), " ");
  });
  return cards;
}

function readingItem(reading, readingUrl, meldsScore) {
  const item = el("li", "reading");
  item.dataset.represents = reading.represents.join(" ");
  item.append(el("span", "reading-kind", reading.kind), " ", meldCards(reading));
  if (meldsScore) item.append(" ", el("span", "reading-points", `${reading.points} points`));
  if (readingUrl && reading.notation) {
    const link = el("a", "use-reading", "Use this reading");
    link.href = readingUrl(reading.notation);
    item.append(" ", link);
  }
  return item;
}

/** A game with canastas (Canasta): the canasta the meld makes, or what a lay-off does to it; null for no canasta. */
function canastaLine(body, layoff) {
  const before = layoff && body.meld ? body.meld.canasta : null;
  if (body.canasta && before && before !== body.canasta) {
    return el("p", "canasta-line",
      `The ${before} canasta becomes ${body.canasta}: its bonus ${body.meld.canasta_bonus} becomes ${body.canasta_bonus}.`);
  }
  if (body.canasta && !before) return el("p", "canasta-line", `A ${body.canasta} canasta: ${body.canasta_bonus} points on top of its cards.`);
  return null;
}

/** The verdict of cards that cannot be read: the server's words why (`flag`: the data attribute that says "error"). */
function unreadable(error, flag) {
  const box = el("div", "verdict unreadable");
  box.dataset[flag] = "error";
  const line = el("p", "verdict-line");
  line.append(el("strong", "", "Cannot read that."));
  box.append(line, el("p", "reason", error));
  return box;
}

/**
 * The verdict element for one answer.
 * body: the check body, or {error}; what: "meld" or "layoff"; gameName: shown in the sentence;
 * readingUrl: notation -> URL of the checker asking about that reading (optional);
 * meldsScore: false in games where melds score nothing.
 */
export function verdict(body, what, gameName, readingUrl, meldsScore = true) {
  if (body.error) return unreadable(body.error, "legal");
  const layoff = what === "layoff";
  const box = el("div", `verdict ${body.legal ? "legal" : "illegal"}`);
  box.dataset.legal = String(body.legal);
  box.dataset.kind = body.kind || "";
  box.dataset.points = String(body.points);
  const line = el("p", "verdict-line");
  if (body.legal) {
    line.append(el("strong", "", layoff ? "Legal lay-off" : "Legal"));
    if (!meldsScore) line.append(`: ${layoff ? "the meld becomes a" : "a"} ${body.kind}.`);
    else if (layoff) line.append(`: the meld becomes a ${body.kind}; the cards laid off score ${body.points} points in ${gameName}.`);
    else line.append(`: a ${body.kind}, worth ${body.points} points in ${gameName}.`);
    box.append(line);
    if ("canasta" in body) {
      const line = canastaLine(body, layoff);
      if (line) box.append(line);
    }
    if ("initial_meld" in body) {
      const reaches = body.reaches_initial_meld ? "Reaches" : "Short of";
      box.append(el("p", "note initial-meld", `${reaches} the initial meld of ${body.initial_meld} on its own.`));
    }
    if (!meldsScore) {
      box.append(el("p", "note no-meld-points", `Melds and lay-offs score nothing themselves in ${gameName}: only the cards left in hands count.`));
    }
    if (layoff && body.meld) {
      const onTable = el("p", "table-meld", `On the table: ${body.meld.kind} `);
      onTable.append(meldCards(body.meld));
      box.append(onTable);
    }
    if (body.readings.length > 1) {
      box.append(el("p", "note", `${body.readings.length} ways to read it. The first is used unless the player says otherwise.`));
    }
    const list = el("ol", "readings");
    body.readings.forEach((reading, index) => list.append(readingItem(reading, index > 0 ? readingUrl : null, meldsScore)));
    box.append(list);
  } else {
    line.append(el("strong", "", layoff ? "Not a legal lay-off" : "Not a meld"), ` in ${gameName}.`);
    box.append(line, el("p", "reason", body.reason));
  }
  return box;
}

/**
 * The verdict element for a whole declaration (Indian Rummy's show), as templates/checker/_verdict.html's
 * show_verdict renders it. body: POST /api/v1/declarations/check's answer, or {error}.
 */
export function showVerdict(body, gameName) {
  if (body.error) return unreadable(body.error, "valid");
  const box = el("div", `verdict ${body.valid ? "legal" : "illegal"}`);
  box.dataset.valid = String(body.valid);
  const line = el("p", "verdict-line");
  line.append(el("strong", "", body.valid ? "Valid show" : "Not a valid show"), ` in ${gameName}.`);
  box.append(line);
  if (!body.valid) box.append(el("p", "reason", `${body.answer[0].toUpperCase()}${body.answer.slice(1)}.`));
  const list = el("ol", "readings show-groups");
  for (const group of body.groups) {
    const item = el("li", "reading");
    const cards = el("span", "meld-cards");
    for (const placed of group.cards) cards.append(cardChip(placed, null));
    item.append(el("span", "reading-kind", group.group || "no group"), " ", cards);
    list.append(item);
  }
  box.append(list);
  return box;
}

/**
 * The verdict element for a player's first melds against the initial meld (Rummikub), as
 * templates/checker/_verdict.html's first_verdict renders it. body: POST /api/v1/melds/first/check's answer, or {error}.
 */
export function firstVerdict(body) {
  if (body.error) return unreadable(body.error, "reaches");
  const box = el("div", `verdict ${body.reaches ? "legal" : "illegal"}`);
  box.dataset.reaches = String(body.reaches);
  box.dataset.points = String(body.points);
  const line = el("p", "verdict-line");
  // melds worth enough may still not reach it (a tile used more often than the set holds): not "short" then
  const headline = body.reaches ? "Reaches the initial meld"
    : body.points < body.initial_meld ? "Short of the initial meld" : "Does not reach the initial meld";
  line.append(el("strong", "", headline),
    `: ${body.points} of ${body.initial_meld} points.`);
  box.append(line);
  if (body.reason) box.append(el("p", "reason", body.reason));
  return box;
}
