// The teacher keys of live classes in this browser (see teacher_key.py for the flow).
// localStorage keeps one entry per class, "euchre-teacher-key:CODE" -> {key, at}; entries
// older than data.keepDays are dropped. The key is never put in the address: a legacy
// ?key= or a teacher link's ?teacher= leaves the address bar in place (replaceState: no
// history entry keeps it).
// data.code: the class on this page. data.store: a key to keep for it (sent once, after a
// start, a rotation or a teacher link). data.want: report the stored key (state "stored").
// data.drop: query parameters to take off the address. data.forget: a class to forget.
// data.asked: how many times the page has asked (a page that asks again gets a new report).

const PREFIX = "euchre-teacher-key:";
const KEY = /^[A-Za-z0-9_-]{43}$/;

function storage() {
  try { return window.localStorage; } catch (error) { return null; }   // storage blocked
}

function drop(names) {
  const url = new URL(window.location.href);
  let changed = false;
  for (const name of names) {
    if (url.searchParams.has(name)) { url.searchParams.delete(name); changed = true; }
  }
  if (changed) window.history.replaceState(window.history.state, "", url.href);
}

function prune(store, keepDays) {
  const oldest = Date.now() - keepDays * 24 * 3600 * 1000;
  for (let i = store.length - 1; i >= 0; i--) {
    const name = store.key(i);
    if (!name || !name.startsWith(PREFIX)) continue;
    try {
      const entry = JSON.parse(store.getItem(name));
      if (!entry || !(entry.at > oldest)) store.removeItem(name);
    } catch (error) { store.removeItem(name); }
  }
}

export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return;
  if (data.drop && data.drop.length) drop(data.drop);
  const store = storage();
  if (!store) {
    if (data.want) setStateValue("stored", { code: data.code, key: "" });
    return;
  }
  if (data.forget) store.removeItem(PREFIX + data.forget);
  if (data.code && data.store && KEY.test(data.store)) {
    store.setItem(PREFIX + data.code, JSON.stringify({ key: data.store, at: Date.now() }));
  }
  prune(store, data.keepDays || 8);
  if (data.want && data.code) {
    let key = "";
    try {
      const entry = JSON.parse(store.getItem(PREFIX + data.code));
      if (entry && KEY.test(entry.key)) key = entry.key;
    } catch (error) { /* a damaged entry: none */ }
    // "asked" changes when the page asks again (its first report may have been lost):
    // a new value is always sent.
    setStateValue("stored", { code: data.code, key, asked: data.asked || 0 });
  }
}
