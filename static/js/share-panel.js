// Share panel: copy a link's address with one tap. The clipboard API needs a secure page (https or
// localhost); on a plain http LAN address the text is selected and copied the older way.

async function copyFrom(input) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(input.value);
    return true;
  }
  input.focus();
  input.select();
  return document.execCommand("copy");
}

for (const button of document.querySelectorAll("button[data-copy]")) {
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
