// Saving survives the network: Save (any submit button marked data-save in a form marked
// data-background-save) posts in the background. Offline, the form stays as typed and says
// "Not saved yet: no connection — will retry", and tries again with a growing pause and as soon as
// the phone is online. Every try carries the form's idempotency key, so the hand is saved once
// however many tries reach the server. A saved hand goes where the server says; a hand the
// server refuses is posted the ordinary way, so its page with the errors (or the question) shows.
// Without script the form posts as always.

import { forgetDrafts } from "./drafts-store.js";

const PAUSES_MS = [2000, 4000, 8000, 15000, 30000];

async function serverSays(response) {
  if (!(response.headers.get("Content-Type") || "").includes("application/json")) return "";
  try {
    return (await response.json()).error || "";
  } catch {
    return "";
  }
}

function start(form) {
  const status = form.querySelector("[data-save-status]");
  let submitter = null;
  let inFlight = false;
  let tries = 0;
  let timer = null;
  let ordinary = false;

  function say(text, state) {
    if (!status) return;
    status.textContent = text;
    status.dataset.state = state;
    status.hidden = !text;
  }

  function later(text) {
    say(text, "waiting");
    clearTimeout(timer);
    timer = setTimeout(attempt, PAUSES_MS[Math.min(tries, PAUSES_MS.length - 1)]);
    tries += 1;
  }

  function postOrdinarily() {
    // the server refused: let the browser post the same form and show the page it answers
    ordinary = true;
    form.requestSubmit(submitter && submitter.form === form ? submitter : null);
  }

  async function attempt() {
    if (inFlight || !submitter) return;
    clearTimeout(timer);
    inFlight = true;
    say("Saving…", "saving");
    // what is on screen now is what is saved, with the same idempotency key on every try
    const body = new URLSearchParams(new FormData(form));
    if (submitter.name) body.set(submitter.name, submitter.value);
    let answer = null;
    let response = null;
    try {
      response = await fetch(form.action, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "X-Background-Save": "1", Accept: "application/json, text/html" },
      });
      if (response.ok && (response.headers.get("Content-Type") || "").includes("application/json")) {
        answer = await response.json();
      }
    } catch {
      inFlight = false;
      later("Not saved yet: no connection — will retry");
      return;
    }
    inFlight = false;
    if (answer && answer.location) {
      forgetDrafts(form.dataset.deviceDraft);
      submitter = null;
      say("Saved.", "saved");
      window.location.assign(answer.location);
    } else if (response.status >= 500) {
      // the server's own words when it has some (a full disk, a database to upgrade): the host can act on them
      const why = await serverSays(response);
      later(why ? `Not saved yet: ${why} Will retry.` : "Not saved yet: the server did not answer — will retry");
    } else {
      postOrdinarily();
    }
  }

  form.addEventListener("submit", (event) => {
    if (ordinary) return;
    if (!event.submitter || !event.submitter.hasAttribute("data-save")) return;
    event.preventDefault();
    submitter = event.submitter;
    tries = 0;
    attempt();
  });
  window.addEventListener("online", () => {
    if (submitter && !inFlight) attempt();
  });
}

for (const form of document.querySelectorAll("form[data-background-save]")) start(form);
