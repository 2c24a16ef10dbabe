// Live scoreboard: ask the server every few seconds whether the game changed, and swap in the new
// standings and scoreboard when it did. Nothing is asked while the page is hidden (a phone in a pocket costs nothing).
// Each ask says which rows the page shows (its last row's hand and key), so that a change brings the
// totals and only the rows the page lacks; the rows it keeps are the very rows a fresh load would show.
// The rest of the page that changes with the game (the next hand's buttons, a won game's Rematch, what
// was entered) comes with it as parts, so the page shows what a fresh load of it would.

import { askFresh, pollWhileVisible } from "./poll.js";

const status = document.getElementById("live-status");

function setStatus(text, state) {
  // rewriting the same words would make some screen readers announce them again every few seconds
  if (status.textContent === text && status.dataset.state === state) return;
  status.textContent = text;
  status.dataset.state = state;
}

function parsed(html) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  return template.content;
}

/** "<hand>.<key>" of the last row the scoreboard shows, or "" when it shows none. */
function rowsHeld() {
  const rows = document.querySelectorAll(".scoreboard tr[data-key]");
  const last = rows[rows.length - 1];
  return last ? `${last.id.replace("hand-", "")}.${last.dataset.key}` : "";
}

/**
 * Put the news on the page: the whole scoreboard, or (news.rows) the scoreboard without rows filled
 * with this page's rows of hands first..after and the rows sent. False, changing nothing, when this
 * page's row of hand `after` is not the one the server meant (its key differs): ask for all of it.
 */
function showNews(news) {
  const sent = parsed(news.html);
  const current = document.querySelector(".scoreboard");
  const fresh = sent.querySelector(".scoreboard");
  if (!current || !fresh) return true;
  if (news.rows) {
    const { first, after, key, html } = news.rows;
    const last = document.getElementById(`hand-${after}`);
    const body = fresh.querySelector("tbody");
    if (!last || !current.contains(last) || last.dataset.key !== key || !body) return false;
    let hand = 0;
    for (const row of [...current.querySelector("tbody").children]) {
      // a hand's notes follow its row: they go with it
      if (row.id.startsWith("hand-")) hand = Number(row.id.replace("hand-", ""));
      if (hand >= first && hand <= after) body.append(row);
    }
    body.append(parsed(html));
  }
  // the score table stays scrolled where the reader left it (the seventh player's column, say)
  const box = current.querySelector(".table-wrap");
  const focused = box !== null && box === document.activeElement;
  const [left, top] = box ? [box.scrollLeft, box.scrollTop] : [0, 0];
  current.replaceWith(fresh);
  // the standings come with the scoreboard: their own place is at the top of the page
  const standings = sent.querySelector(".standings");
  if (standings) document.querySelector(".standings")?.replaceWith(standings);
  const next = fresh.querySelector(".table-wrap");
  if (next) {
    next.scrollLeft = left;
    next.scrollTop = top;
    if (focused) next.focus({ preventScroll: true });
  }
  return true;
}

/** The words a control or a folded section is known by, to find it again among the parts put in its place. */
function known(element) {
  return `${element.tagName} ${(element.textContent || element.name || "").replace(/\s+/g, " ").trim()}`;
}

/** This page's entries of "What was entered" for hands first to after-1, which an answer with rows does not send again. */
function keptEntries(holder, rows) {
  if (!rows) return [];
  return Array.from(holder.querySelectorAll("details[data-hand]")).filter((entry) => {
    const hand = Number(entry.dataset.hand);
    return hand >= rows.first && hand < rows.after;
  });
}

/**
 * Put each part's new content (news.parts: element id -> HTML) in its element; with news.rows, the
 * entries of "What was entered" the page keeps go before those sent. The sections the reader had
 * unfolded stay unfolded, and the control they were on keeps the focus where it is still there.
 */
function showParts(news) {
  for (const [id, html] of Object.entries(news.parts || {})) {
    const holder = document.getElementById(id);
    if (!holder) continue;
    const open = new Set(Array.from(holder.querySelectorAll("details[open] > summary"), known));
    const active = holder.contains(document.activeElement) ? known(document.activeElement) : null;
    const kept = keptEntries(holder, news.rows);
    holder.replaceChildren(parsed(html));
    holder.querySelector("details[data-hand]")?.before(...kept);
    for (const summary of holder.querySelectorAll("details > summary")) {
      // set once in the page, so that an unfolded hand of "What was entered" fetches its cards again
      if (open.has(known(summary)) && !summary.parentElement.open) summary.parentElement.open = true;
    }
    const again = active && [...holder.querySelectorAll("a, button, select, input, summary")].find((e) => known(e) === active);
    if (again) again.focus({ preventScroll: true });
  }
}

function start() {
  const url = status.dataset.liveUrl;
  const interval = Number(status.dataset.interval) || 2500;
  let version = Number(status.dataset.version);

  /** One look at the server; false once the link no longer works. */
  async function tick() {
    try {
      const held = rowsHeld();
      let response = await askFresh(`${url}?v=${version}${held ? `&rows=${encodeURIComponent(held)}` : ""}`);
      let news = response.status === 200 ? await response.json() : null;
      if (news && !showNews(news)) {
        response = await askFresh(`${url}?v=${version}`);
        news = response.status === 200 ? await response.json() : null;
        if (news) showNews(news);
      }
      if (news) {
        showParts(news);
        version = news.version;
        status.dataset.version = String(version);
        setStatus(`Updated at ${new Date().toLocaleTimeString()}`, "updated");
        // the page is as a fresh load would show it; a reload is still one tap away
        const reload = document.createElement("a");
        reload.href = window.location.pathname;
        reload.textContent = "reload";
        status.append(" · ", reload);
      } else if (response.status === 404) {
        setStatus("This link no longer works: it was replaced. Ask the table for the new QR code.", "gone");
        return false;
      } else if (response.status === 304) {
        if (status.dataset.state !== "updated") setStatus("Live: the scores update by themselves", "live");
      } else {
        setStatus("Could not check for changes; trying again…", "offline");
      }
    } catch {
      setStatus("Offline: trying again…", "offline");
    }
    return true;
  }

  setStatus("Live: the scores update by themselves", "live");
  pollWhileVisible(tick, interval);
}

if (status && status.dataset.liveUrl) start();
