// Gin whole-hands page: choosing another knocker arrangement works the hand out again at once,
// since the defender's lay-offs and the score depend on the knocker's melds.
// Without this script the page says to press "Work it out" again.

const form = document.getElementById("gin-form");

if (form) {
  const work = document.getElementById("gin-work");
  for (const note of form.querySelectorAll(".gin-rework-note")) note.hidden = true;
  form.addEventListener("change", (event) => {
    if (event.target.matches("input[data-rework]") && work) {
      form.requestSubmit(work);
    }
  });
}
