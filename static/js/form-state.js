// What a form holds, read and written as [name, value] pairs (what it would post), so that a
// draft can be kept and put back. No side effects on load.

import { ensureField, ensureOption } from "./form-rows.js";

const NOT_KEPT = new Set(["submit", "button", "reset", "file", "image"]);

function kept(field) {
  return field.name && field.name !== "csrf_token" && !NOT_KEPT.has(field.type);
}

function selectedDefault(select) {
  const options = Array.from(select.options);
  const chosen = options.find((option) => option.defaultSelected) || options[0];
  return chosen ? chosen.value : "";
}

/**
 * The form's fields as [name, value] pairs in page order: ticked boxes only, no buttons, no CSRF
 * token. With `asSent`, the values the page was sent with, whatever was typed since.
 */
export function readFields(form, asSent = false) {
  const pairs = [];
  for (const field of form.elements) {
    if (!kept(field) || field.disabled) continue;
    if (field.type === "checkbox" || field.type === "radio") {
      if (asSent ? field.defaultChecked : field.checked) pairs.push([field.name, field.value]);
    } else if (!asSent) {
      pairs.push([field.name, field.value]);
    } else {
      pairs.push([field.name, field.tagName === "SELECT" ? selectedDefault(field) : field.defaultValue]);
    }
  }
  return pairs;
}

/** What was typed, to compare entries: hidden fields and blank fields left out, in name order. */
function typed(pairs, form) {
  return pairs
    .filter(([name, value]) => value.trim() !== "" && !(form.elements[name] && form.elements[name].type === "hidden"))
    .map(([name, value]) => `${name}=${value.trim()}`)
    .sort();
}

/** True when two sets of pairs hold the same entry (the same things typed, ticked and chosen). */
export function sameEntry(a, b, form) {
  return JSON.stringify(typed(a, form)) === JSON.stringify(typed(b, form));
}

/**
 * Put pairs into the form: rows are added for fields it lacks, every kept field not named is
 * emptied (or unticked). Hidden fields change only when listed in `hidden`. Changed fields fire
 * "input" or "change", so the checks and lists that follow them update. Returns how many changed.
 */
export function applyFields(form, pairs, hidden = []) {
  const values = new Map();
  for (const [name, value] of pairs) {
    ensureField(form, name);
    if (!values.has(name)) values.set(name, []);
    values.get(name).push(value);
  }
  const changed = [];
  for (const field of Array.from(form.elements)) {
    if (!kept(field)) continue;
    const wanted = values.get(field.name) || [];
    if (field.type === "hidden") {
      if (hidden.includes(field.name) && values.has(field.name) && field.value !== wanted[0]) field.value = wanted[0];
      continue;
    }
    if (field.type === "checkbox" || field.type === "radio") {
      const on = wanted.includes(field.value);
      if (field.checked !== on) {
        field.checked = on;
        changed.push(field);
      }
      continue;
    }
    const value = wanted[0] ?? "";
    if (field.tagName === "SELECT") ensureOption(field, value);
    if (field.value !== value) {
      field.value = value;
      changed.push(field);
    }
  }
  for (const field of changed) {
    const kind = field.tagName === "SELECT" || field.type === "checkbox" || field.type === "radio" ? "change" : "input";
    field.dispatchEvent(new Event(kind, { bubbles: true }));
  }
  return changed.length;
}
