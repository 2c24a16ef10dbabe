// Live scoreboard: ask the server every few seconds whether the game changed, and swap in the new
// scoreboard when it did. Nothing is asked while the page is hidden (a phone in a pocket costs nothing).
// Each ask says which rows the page shows (its last row's hand and key), so that a change brings the
// totals and only the rows the page lacks; the rows it keeps are the very rows a fresh load would show.

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
  const current = document.querySelector(".scoreboard");
  const fresh = parsed(news.html).querySelector(".scoreboard");
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
  const next = fresh.querySelector(".table-wrap");
  if (next) {
    next.scrollLeft = left;
    next.scrollTop = top;
    if (focused) next.focus({ preventScroll: true });
  }
  return true;
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
        version = news.version;
        setStatus(`Updated at ${new Date().toLocaleTimeString()}`, "updated");
        // the scoreboard is live; the list of cards entered and the buttons come with a reload
        const reload = document.createElement("a");
        reload.href = window.location.pathname;
        reload.textContent = "reload for the cards entered";
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
