// The watcher of a live class's page (see class_watch.py). Every data.every ms it asks the
// news route for the class's stamps; when the one it watches (data.stamp: "screen",
// "room", or "table": the table data.table's game) differs from the one the page drew (data.seen), it triggers "news" and the
// page's live part runs again. It also shows the countdown of a timed question, from
// data.secondsLeft as the page drew it, ticking here: no page runs once a second for it.
// An answer that is not the stamps (the class is gone, the server is down) triggers too,
// at most once every data.retry ms: the page's own read then says what is wrong. With
// data.beat (ms), a draw older than that triggers too: a heartbeat for a page that must
// run now and then though nothing moved (a learner thinking on their turn at a table).

const TICK_MS = 250;

function clockWords(left, minutes) {
  if (left <= 0) return "Time is up";
  const whole = Math.ceil(left);
  if (minutes) return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")} left`;
  return `${whole} second${whole === 1 ? "" : "s"} left`;
}

function nudge(watch, news) {
  const now = Date.now();
  if (news === watch.sent && now - watch.sentAt < watch.data.retry) return;
  watch.sent = news;
  watch.sentAt = now;
  watch.send("news", news);
}

async function ask(watch) {
  if (watch.asking) return;
  if (watch.data.beat && Date.now() - watch.drawnAt >= watch.data.beat) {
    watch.drawnAt = Date.now();  // a heartbeat: the page runs (and says its learner is here)
    watch.send("news", `beat ${watch.drawnAt}`);
    return;
  }
  watch.asking = true;
  const url = new URL("api/class-news", document.baseURI);
  url.searchParams.set("class", watch.data.code);
  if (watch.data.table !== null && watch.data.table !== undefined) {
    url.searchParams.set("table", String(watch.data.table));
  }
  try {
    const answer = await fetch(url, { cache: "no-store", headers: { Accept: "application/json" } });
    const news = answer.ok ? (await answer.json())[watch.data.stamp] : null;
    if (typeof news === "string") {
      if (news !== watch.data.seen) nudge(watch, news);
    } else {
      nudge(watch, `refused ${answer.status}`);
    }
  } catch (error) {
    nudge(watch, "unreachable");  // the network or the server: the page says which
  } finally {
    watch.asking = false;
  }
}

function drawClock(watch, root) {
  let clock = root.querySelector("[data-clock]");
  if (watch.deadline === null) {
    if (clock) clock.remove();
    return;
  }
  if (!clock) {
    clock = document.createElement("p");
    clock.dataset.clock = "";
    root.append(clock);
  }
  const words = clockWords((watch.deadline - performance.now()) / 1000, watch.data.minutes);
  const up = words === "Time is up";
  clock.className = watch.data.clockClass + (up && watch.data.upClass ? ` ${watch.data.upClass}` : "");
  const text = watch.data.clockIcon ? `${watch.data.clockIcon} ${words}` : words;
  if (clock.textContent !== text) clock.textContent = text;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return;
  let watch = parentElement._classWatch;
  if (!watch) {
    watch = parentElement._classWatch = { sent: null, sentAt: 0, asking: false };
    const stop = () => { clearInterval(watch.asker); clearInterval(watch.ticker); };
    watch.asker = setInterval(() => (parentElement.isConnected ? ask(watch) : stop()), data.every);
    watch.ticker = setInterval(() => (parentElement.isConnected ? drawClock(watch, parentElement) : stop()), TICK_MS);
  }
  watch.data = data;  // the newest draw: its stamp, its countdown
  watch.send = setTriggerValue;
  watch.sent = null;  // a new draw: any news is news again
  watch.drawnAt = Date.now();
  watch.deadline = typeof data.secondsLeft === "number" ? performance.now() + data.secondsLeft * 1000 : null;
  drawClock(watch, parentElement);
}
