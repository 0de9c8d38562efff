// The learner's token in this browser (see learner_token.py for the whole flow).
// localStorage is the source of truth; a cookie mirrors it so that a reload's first
// script run already knows the token (st.context.cookies). A cookie can be set by any
// page of the same host (another port), so the server only trusts it until this script
// has compared it with localStorage: when they disagree, localStorage wins.
//
// data.token: the server's token (null: not known yet); data.offer: a new token for a
// browser with none. data.adopt: the server chose data.token (an accepted progress link,
// a way back): store it, and with data.keepReplaced keep the token it replaces as the
// previous learner. data.fromCookie: data.token came from the cookie. data.previous: the
// previous learner the server knows of. data.ask: a question id: report what is stored.
// data.dropLink: the page was opened by a progress link; Python has read it.
// The one report is setStateValue("stored", {token, previous, ask}).

const KEY = "euchre-tutorial-learner";
const PREVIOUS = "euchre-tutorial-previous-learner";
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const COOKIE_SECONDS = 400 * 24 * 3600;   // the longest a browser keeps a cookie
const LINK_PARAMETERS = ["learner", "transfer"];

function wellFormed(value) {
  return typeof value === "string" && TOKEN.test(value) ? value : null;
}

function read(key) {
  try {
    return wellFormed(window.localStorage.getItem(key));
  } catch (error) {   // storage blocked: the cookie alone carries the token
    if (key !== KEY) return null;
    const match = document.cookie.match(/(?:^|;\s*)euchre-tutorial-learner=([A-Za-z0-9_-]{32})/);
    return match ? match[1] : null;
  }
}

function storageWorks() {
  try {
    window.localStorage.getItem(KEY);
    return true;
  } catch (error) {
    return false;
  }
}

function write(key, token) {
  try {
    if (token === null) window.localStorage.removeItem(key);
    else if (window.localStorage.getItem(key) !== token) window.localStorage.setItem(key, token);
  } catch (error) { /* storage blocked: the cookie still works */ }
}

function keep(token) {
  write(KEY, token);
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${KEY}=${token}; Path=/; Max-Age=${COOKIE_SECONDS}; SameSite=Strict${secure}`;
}

// A progress link's parameter leaves the address bar in place: no history entry keeps it.
function dropLink() {
  const url = new URL(window.location.href);
  if (!LINK_PARAMETERS.some((name) => url.searchParams.has(name))) return;
  LINK_PARAMETERS.forEach((name) => url.searchParams.delete(name));
  window.history.replaceState(window.history.state, "", url.href);
}

export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return;
  if (data.dropLink) dropLink();
  const known = read(KEY);
  let previous = read(PREVIOUS);
  if (previous !== null && (previous === known || (data.adopt && previous === data.token))) {
    write(PREVIOUS, null);
    previous = null;
  }
  if (data.adopt) {
    if (data.keepReplaced && known !== null && known !== data.token) write(PREVIOUS, known);
    keep(data.token);
    return;
  }
  const report = () => setStateValue("stored", {token: known || "", previous: previous || "",
                                                ask: data.ask || ""});
  if (data.ask) {
    report();
    return;
  }
  if (!data.token) {
    if (known !== null) report();
    else if (data.offer) keep(data.offer);
    return;
  }
  if (known === null) {
    // A cookie with nothing stored beside it was set by some other page: not trusted.
    if (data.fromCookie && storageWorks()) report();
    else keep(data.token);
    return;
  }
  if (known !== data.token) {   // the cookie disagrees: localStorage wins
    report();
    return;
  }
  keep(known);                  // the cookie's age refreshed, and rewritten
  if ((previous || "") !== (data.previous || "")) report();
}
