// The phone's drafts of hand forms in localStorage (plain http on the LAN is enough: no secure
// context needed). Keys come from the server (sessions/device.py): "sk-draft|<session>|hand3|cards".
// Storage may be full or switched off: then nothing is kept and the forms work as without script.
// No side effects on load.

const PREFIX = "sk-draft|";
const KEEP_MS = 30 * 24 * 3600 * 1000;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The draft kept under `key`, or null. */
export function readDraft(key) {
  try {
    const draft = JSON.parse(storage().getItem(key));
    return draft && Array.isArray(draft.fields) ? draft : null;
  } catch {
    return null;
  }
}

/** Keep `fields` ([name, value] pairs) under `key`. */
export function writeDraft(key, fields) {
  try {
    storage().setItem(key, JSON.stringify({ savedAt: Date.now(), fields }));
  } catch {
    // full or switched off: the form itself still holds what is typed
  }
}

/** Forget the draft `key`, and every draft whose key starts with `key|` (all forms of a hand). */
export function forgetDrafts(key) {
  const store = storage();
  if (!store || !key) return;
  for (const name of Object.keys(store)) {
    if (name === key || name.startsWith(`${key}|`)) store.removeItem(name);
  }
}

/** Forget drafts nobody came back to for a month. */
export function forgetOldDrafts() {
  const store = storage();
  if (!store) return;
  for (const name of Object.keys(store)) {
    if (!name.startsWith(PREFIX)) continue;
    const draft = readDraft(name);
    if (!draft || !(Date.now() - draft.savedAt < KEEP_MS)) store.removeItem(name);
  }
}
