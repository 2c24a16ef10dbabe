// Share panel: copy a link's address with one tap. The clipboard API needs a secure page (https or
// localhost); on a plain http LAN address the text is selected and copied the older way.
// On the scoreboard the panel's codes and links are fetched the first time it is opened, so that
// the page carries no QR code nobody asked for; without JavaScript its link leads to the Share page.

async function copyFrom(input) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(input.value);
    return true;
  }
  input.focus();
  input.select();
  return document.execCommand("copy");
}

function wireCopyButtons(root) {
  for (const button of root.querySelectorAll("button[data-copy]")) {
    const input = document.getElementById(button.dataset.copy);
    if (!input) continue;
    button.hidden = false;
    const label = button.textContent;
    button.addEventListener("click", async () => {
      let copied = false;
      try {
        copied = await copyFrom(input);
      } catch {
        copied = false;
      }
      button.textContent = copied ? "Copied" : "Select and copy";
      if (!copied) input.select();
      setTimeout(() => { button.textContent = label; }, 2000);
    });
  }
}

async function fillPanel(details) {
  const later = details.querySelector(".share-links-later");
  if (!later || details.dataset.loading) return;
  details.dataset.loading = "yes"; // asked once at a time; a failure leaves the link, and the next opening asks again
  try {
    const response = await fetch(details.dataset.panel, { credentials: "same-origin" });
    if (!response.ok) return;
    const template = document.createElement("template");
    template.innerHTML = (await response.text()).trim();
    const links = template.content.firstElementChild;
    later.replaceWith(template.content);
    if (links) wireCopyButtons(links);
  } catch {
    // offline: the link still leads to the Share page
  } finally {
    delete details.dataset.loading;
  }
}

wireCopyButtons(document);
for (const details of document.querySelectorAll("details[data-panel]")) {
  details.addEventListener("toggle", () => { if (details.open) fillPanel(details); });
  if (details.open) fillPanel(details);
}
