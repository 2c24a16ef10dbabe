// Polling that costs nothing while nobody looks: the shared loop of the pages that follow the
// server live (live.js, draft-status.js). No side effects on load.

/**
 * Call `tick` every `intervalMs` while the page is visible, and at once when it becomes visible
 * again. Nothing is asked while the page is hidden (a phone in a pocket). The loop stops for good
 * when `tick` returns false, or a promise of false; `tick` handles its own errors.
 */
export function pollWhileVisible(tick, intervalMs) {
  let timer = null;
  let stopped = false;

  function schedule() {
    clearTimeout(timer);
    timer = null;
    if (!stopped && !document.hidden) timer = setTimeout(poll, intervalMs);
  }

  async function poll() {
    timer = null;
    if (stopped || document.hidden) return;
    if ((await tick()) === false) stopped = true;
    schedule();
  }

  document.addEventListener("visibilitychange", () => {
    // coming back to the page: catch up at once instead of waiting for the next tick
    if (document.hidden) schedule();
    else if (!stopped) poll();
  });
  schedule();
}

/** GET `url` as JSON, never from the cache, with the session cookie; resolves to the response. */
export function askFresh(url) {
  return fetch(url, {
    cache: "no-store",
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
}
