// Players' own entries, followed live: every few seconds ask who has sent their part of the next
// hand. On the hand form every part sent is merged in as it arrives (parts-merge.js: it fills only
// players nothing is typed for here, and shows a player both typed and sent side by side), and a
// note names every sender; on a player's own page, once the hand is saved, the page for the next hand
// takes its place, saying with a link to the scoreboard whether the hand as saved used the player's
// part. Nothing is asked while the page is hidden. Without script, the hand form opened (or sent
// back) shows the parts sent so far.

import { askFresh, pollWhileVisible } from "./poll.js";

const panel = document.getElementById("draft-status");

function show(name, text) {
  const element = panel.querySelector(`[data-draft="${name}"]`);
  if (element && element.textContent !== text) element.textContent = text;
  return element;
}

function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

async function start() {
  const hand = Number(panel.dataset.hand);
  const own = document.getElementById("draft-form");
  const onOwnPage = Boolean(own);
  // whether the saved hand used a player's part is said by their page for the next hand (handSaved)
  const statusUrl = panel.dataset.statusUrl;
  const form = document.getElementById("hand-form");
  const partsUrl = form && form.elements.parts_seen ? panel.dataset.partsUrl : null;
  // only the hand form merges parts: a player's own page does without that script
  const { mergeParts, holdSaveWhileChoosing } = partsUrl ? await import("./parts-merge.js") : {};
  if (partsUrl) holdSaveWhileChoosing(form);
  let latest = null;

  function handSaved() {
    // a player's own page moves on to the next hand as a reload would: the saved notice (with or
    // without their part, said by the server) above an empty form, never the sent part's notice
    // beside a form of the saved hand that can no longer be sent
    window.location.replace(own.dataset.savedUrl);
  }

  /** Merge the parts sent into the hand form, and say what became of each sender's part. */
  function merge(sent) {
    latest = sent;
    const { filled, kept, differ } = mergeParts(form, sent, () => merge(latest));
    const lines = [];
    if (filled.length) lines.push(`Filled in from their own phones: ${listed(filled)}.`);
    if (kept.length) lines.push(`Kept as typed here instead of what they sent: ${listed(kept)}.`);
    if (differ.length) lines.push(`Sent, but not what is typed here: ${listed(differ)}. Choose in their part below.`);
    // the page the server sent back when Save met a part not chosen: the choice is now inside each part
    const asked = document.getElementById("part-differ");
    if (asked) asked.hidden = true;
    const news = show("news", lines.join(" "));
    if (news) news.hidden = !lines.length;
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
    return true;
  }

  /** One look at the server; false once there is nothing more to follow. */
  async function tick() {
    try {
      const response = await askFresh(partsUrl || statusUrl);
      if (response.ok) {
        const body = await response.json();
        if (!partsUrl) return update(body);
        if (!update(body.status)) return false;
        merge(body);
        return true;
      }
      if (response.status === 404 || response.status === 403) return false;
    } catch {
      // offline for a moment: the next tick tries again
    }
    return true;
  }

  if (partsUrl) merge(JSON.parse(panel.dataset.parts || "{}"));
  pollWhileVisible(tick, Number(panel.dataset.interval) || 2500);
}

if (panel && panel.dataset.statusUrl) start();
