// Live scoreboard: ask the server every few seconds whether the game changed, and swap in the new
// scoreboard when it did. Nothing is asked while the page is hidden (a phone in a pocket costs nothing).

import { askFresh, pollWhileVisible } from "./poll.js";

const status = document.getElementById("live-status");

function setStatus(text, state) {
  // rewriting the same words would make some screen readers announce them again every few seconds
  if (status.textContent === text && status.dataset.state === state) return;
  status.textContent = text;
  status.dataset.state = state;
}

function swapScoreboard(html) {
  const current = document.querySelector(".scoreboard");
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const fresh = template.content.querySelector(".scoreboard");
  if (!current || !fresh) return;
  // the score table stays scrolled where the reader left it (the seventh player's column, say)
  const box = current.querySelector(".table-wrap");
  const focused = box !== null && box === document.activeElement;
  const [left, top] = box ? [box.scrollLeft, box.scrollTop] : [0, 0];
  current.replaceWith(fresh);
  const next = fresh.querySelector(".table-wrap");
  if (!next) return;
  next.scrollLeft = left;
  next.scrollTop = top;
  if (focused) next.focus({ preventScroll: true });
}

function start() {
  const url = status.dataset.liveUrl;
  const interval = Number(status.dataset.interval) || 2500;
  let version = Number(status.dataset.version);

  /** One look at the server; false once the link no longer works. */
  async function tick() {
    try {
      const response = await askFresh(`${url}?v=${version}`);
      if (response.status === 200) {
        const news = await response.json();
        swapScoreboard(news.html);
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
