// Never lose a typed hand: every hand form marked data-device-draft keeps what is typed in the
// phone's storage as it is typed. Coming back to the form (Back, reload, a crash, a later visit)
// puts it back with a "Restored what you typed — Discard" line. The page after a save names the
// drafts it made obsolete (body data-forget-drafts), and they are forgotten.

import { forgetDrafts, forgetOldDrafts, readDraft, writeDraft } from "./drafts-store.js";
import { applyFields, readFields, sameEntry } from "./form-state.js";
import { addRowsInPlace } from "./form-rows.js";

// Drafts kept before the hidden `version` field was named for what it holds carry it under that
// name: its value goes to the one of these fields this form has (a new hand's expected position,
// the edited hand's version, a player's part's version), so an old draft still restores in full.
const FORMERLY_VERSION = ["expected_position", "hand_version", "part_version"];

function renamedOld(fields, form) {
  const now = FORMERLY_VERSION.find((name) => form.elements[name]);
  return fields.map(([name, value]) => (name === "version" && now ? [now, value] : [name, value]));
}

// A player's own page names each lay-off's target by its seat ("2:0") among the table seats dealt in
// when the page was made, which its hidden `seated` lists: a draft typed before someone left or
// rejoined a pool has its targets moved to the same players' seats on today's page (none if gone).
function retargeted(fields, form) {
  const now = form.elements.seated;
  const then = fields.find(([name]) => name === "seated");
  if (!now || !then || then[1] === now.value) return fields;
  let before;
  let after;
  try {
    [before, after] = [JSON.parse(then[1]), JSON.parse(now.value)];
  } catch {
    return fields;
  }
  return fields.map(([name, value]) => {
    if (name === "seated") return [name, now.value];
    if (!/^layoffs-\d+-onto$/.test(name) || !value.includes(":")) return [name, value];
    const [seat, row] = value.split(":");
    const at = after.indexOf(before[Number(seat)]);
    return [name, at >= 0 ? `${at}:${row}` : ""];
  });
}

function byName(pairs) {
  const values = new Map();
  for (const [name, value] of pairs) values.set(name, [...(values.get(name) || []), value]);
  return values;
}

/** Names whose values differ between two sets of pairs. */
function changedNames(a, b) {
  const [one, two] = [byName(a), byName(b)];
  const names = new Set([...one.keys(), ...two.keys()]);
  return new Set([...names].filter((name) => JSON.stringify(one.get(name) || []) !== JSON.stringify(two.get(name) || [])));
}

function keep(form) {
  const key = form.dataset.deviceDraft;
  // hidden fields worth restoring (the form's idempotency key, the version edited): listed only on
  // a freshly opened form, never on one the server sent back with fresh values in them
  const hidden = (form.dataset.draftHidden || "").split(/\s+/).filter(Boolean);
  const rendered = readFields(form, true);
  const line = form.querySelector("[data-draft-restored]");
  let restoring = false;

  function save() {
    if (restoring) return;
    const fields = readFields(form);
    // a form with nothing typed in it keeps no draft: only a hidden field moved (the parts merged, as the
    // live status is polled), and after Discard that would bring back a draft of the form as opened
    if (!readDraft(key) && sameEntry(fields, rendered, form)) return;
    writeDraft(key, fields);
  }

  function put(fields) {
    restoring = true;
    try {
      applyFields(form, fields, hidden);
    } finally {
      restoring = false;
    }
  }

  const kept = readDraft(key);
  const draft = kept && { ...kept, fields: retargeted(renamedOld(kept.fields, form), form) };
  const now = readFields(form);
  if (draft && !sameEntry(draft.fields, rendered, form)) {
    // a field changed before this script ran (typed at once, or put back by the browser itself on
    // Back) is newer than the draft: it stays, the draft fills in the rest
    const early = changedNames(now, rendered);
    put(draft.fields.filter(([name]) => !early.has(name)).concat(now.filter(([name]) => early.has(name))));
    if (line) line.hidden = false;
    if (early.size) save();
  } else if (!sameEntry(now, rendered, form)) {
    save();
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
