// Times as the viewer's clock reads them: the server writes each <time data-local-time> in UTC, labelled
// so (it cannot know the viewer's zone); here, where scripts run, the text becomes local time with the zone.
const STYLES = {
  datetime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
  date: { day: "numeric", month: "short", year: "numeric" },
  short: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
};

export function localise(root = document) {
  for (const el of root.querySelectorAll("time[data-local-time]")) {
    const moment = new Date(el.dateTime);
    if (Number.isNaN(moment.getTime())) continue;
    const style = STYLES[el.dataset.localTime] || STYLES.datetime;
    const text = new Intl.DateTimeFormat(undefined, { ...style, timeZoneName: "short" }).format(moment);
    if (!el.title) el.title = el.textContent;  // the UTC text stays at hand
    el.textContent = text;
  }
}

localise();
