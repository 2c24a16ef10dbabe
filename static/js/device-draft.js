// Never lose a typed hand: every hand form marked data-device-draft keeps what is typed in the
// phone's storage as it is typed. Coming back to the form (Back, reload, a crash, a later visit)
// puts it back with a "Restored what you typed — Discard" line. The page after a save names the
// drafts it made obsolete (body data-forget-drafts), and they are forgotten.

import { forgetDrafts, forgetOldDrafts, readDraft, writeDraft } from "./drafts-store.js";
import { applyFields, readFields, sameEntry } from "./form-state.js";
import { addRowsInPlace } from "./form-rows.js";

function keep(form) {
  const key = form.dataset.deviceDraft;
  // hidden fields worth restoring (the form's idempotency key, the version edited): listed only on
  // a freshly opened form, never on one the server sent back with fresh values in them
  const hidden = (form.dataset.draftHidden || "").split(/\s+/).filter(Boolean);
  const rendered = readFields(form, true);
  const line = form.querySelector("[data-draft-restored]");
  let restoring = false;

  function save() {
    if (!restoring) writeDraft(key, readFields(form));
  }

  function put(fields) {
    restoring = true;
    try {
      applyFields(form, fields, hidden);
    } finally {
      restoring = false;
    }
  }

  const draft = readDraft(key);
  if (!sameEntry(readFields(form), rendered, form)) {
    // typed before this script ran: that is newer than any draft
    save();
  } else if (draft && !sameEntry(draft.fields, rendered, form)) {
    put(draft.fields);
    if (line) line.hidden = false;
  }

  form.addEventListener("input", save);
  form.addEventListener("change", save);
  if (line) {
    line.querySelector("[data-draft-discard]").addEventListener("click", () => {
      put(rendered);
      forgetDrafts(key);
      line.hidden = true;
    });
  }
}

const forget = document.body.dataset.forgetDrafts;
if (forget) {
  try {
    for (const key of JSON.parse(forget)) forgetDrafts(key);
  } catch {
    // a page that names no drafts properly leaves them be
  }
}
forgetOldDrafts();
for (const form of document.querySelectorAll("form[data-device-draft]")) {
  addRowsInPlace(form);
  keep(form);
}
