// Players' own entries, followed live: every few seconds ask who has sent their part of the next
// hand. On the hand form, a part sent since the form opened is announced with a link that fills it
// in; on a player's own page, the hand being saved is announced with a link to the scoreboard.
// Nothing is asked while the page is hidden. Without script, a reload shows the same.

import { askFresh, pollWhileVisible } from "./poll.js";

const INTERVAL_MS = 3000;
const panel = document.getElementById("draft-status");

function show(name, text) {
  const element = panel.querySelector(`[data-draft="${name}"]`);
  if (element && element.textContent !== text) element.textContent = text;
  return element;
}

function start() {
  const hand = Number(panel.dataset.hand);
  const known = new Set(JSON.parse(panel.dataset.sent || "[]"));
  const onOwnPage = Boolean(document.getElementById("draft-form"));

  function handSaved() {
    const banner = document.getElementById("draft-saved");
    if (!banner) return;
    banner.querySelector('[data-draft="saved-text"]').textContent = `Hand ${hand} was saved.`;
    banner.hidden = false;
    const form = document.getElementById("draft-form");
    // the part now belongs to a saved hand: sending it again would be refused; a reload starts the next hand
    if (form) form.querySelector('button[value="send"]').disabled = true;
    show("news", "Reload this page to enter your part of the next hand.").hidden = false;
  }

  /** Show who has sent their part; false once the hand was saved (nothing more to follow). */
  function update(state) {
    if (state.hand !== hand) {
      if (onOwnPage) handSaved();
      else show("news", `Hand ${hand} was saved from another phone: see the scoreboard.`).hidden = false;
      return false;
    }
    show("sent", state.sent.length ? state.sent.join(", ") : "nobody yet");
    show("waiting", state.waiting.length ? state.waiting.join(", ") : "nobody");
    const fresh = state.sent.filter((name) => !known.has(name));
    if (!onOwnPage && fresh.length) {
      const news = show("news", `New since this form opened: ${fresh.join(", ")}. `);
      const link = document.createElement("a");
      link.href = window.location.pathname;
      link.textContent = "Fill in every part sent (replaces what is typed here)";
      news.append(link);
      news.hidden = false;
      for (const name of fresh) known.add(name);
    }
    return true;
  }

  /** One look at the server; false once there is nothing more to follow. */
  async function tick() {
    try {
      const response = await askFresh(panel.dataset.statusUrl);
      if (response.ok) return update(await response.json());
      if (response.status === 404 || response.status === 403) return false;
    } catch {
      // offline for a moment: the next tick tries again
    }
    return true;
  }

  pollWhileVisible(tick, INTERVAL_MS);
}

if (panel && panel.dataset.statusUrl) start();
