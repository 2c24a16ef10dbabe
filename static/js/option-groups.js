// The new-game form's groups of options that matter only with another option's choice (Indian Rummy's pool
// in a pool game): each group shows while that choice is made (the "game default" entry counting as the
// default it names) and hides otherwise. Without script every group stays in view, labelled by its legend.
export function showChosenGroups(root = document) {
  for (const group of root.querySelectorAll("fieldset[data-only-with]")) {
    const chooser = root.querySelector(`[name="${group.dataset.onlyWith}"]`);
    if (!chooser) continue;
    const chosen = chooser.value || group.dataset.parentDefault;
    // a group holding a refused field stays in view whatever the choice: the table must see what to fix
    group.hidden = chosen !== group.dataset.onlyValue && !group.querySelector(".field-errors");
  }
}

document.addEventListener("change", (event) => {
  if (event.target.closest("form")?.querySelector("fieldset[data-only-with]")) showChosenGroups();
});
showChosenGroups();
