// "What was entered" on the scoreboard: an earlier hand's cards are fetched the first time its
// <details> is opened, so the scoreboard stays small however long the game. Without JavaScript
// the link inside leads to the hand's own page.

async function fill(details) {
  const link = details.querySelector(".entered-link a");
  details.classList.remove("entered-later"); // asked once; a failure leaves the link in place
  try {
    const response = await fetch(`${link.pathname}?fragment=1`, { credentials: "same-origin" });
    if (!response.ok) return;
    const template = document.createElement("template");
    template.innerHTML = (await response.text()).trim();
    details.querySelector(".entered-link")?.replaceWith(template.content);
  } catch {
    // offline: the link still leads to the hand's page
  }
}

document.addEventListener(
  "toggle",
  (event) => {
    const details = event.target;
    if (details instanceof HTMLDetailsElement && details.open && details.classList.contains("entered-later")) {
      fill(details);
    }
  },
  true, // toggle does not bubble
);
