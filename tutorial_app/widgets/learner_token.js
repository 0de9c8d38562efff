// The learner's token in this browser (see learner_token.py for the whole flow).
// Kept in localStorage, and mirrored in a cookie so that a reload's first script run
// already knows it (st.context.cookies).
// data.token null: Python does not know it yet. A browser that stores a token says so
// (the one report, so one rerun); one that stores none keeps data.offer, silently.
// data.token set: store it if the browser holds none (or a malformed one), or always
// when data.adopt says it came from a progress link. data.dropLink: the page was opened
// by a progress link; Python has read it.

const KEY = "euchre-tutorial-learner";
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const COOKIE_SECONDS = 400 * 24 * 3600;   // the longest a browser keeps a cookie

function stored() {
  try {
    return window.localStorage.getItem(KEY);
  } catch (error) {   // storage blocked: the cookie alone carries the token
    const match = document.cookie.match(/(?:^|;\s*)euchre-tutorial-learner=([A-Za-z0-9_-]{32})/);
    return match ? match[1] : null;
  }
}

function keep(token) {
  try {
    if (window.localStorage.getItem(KEY) !== token) window.localStorage.setItem(KEY, token);
  } catch (error) { /* storage blocked: the cookie still works */ }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${KEY}=${token}; Path=/; Max-Age=${COOKIE_SECONDS}; SameSite=Strict${secure}`;
}

// A progress link's ?learner= leaves the address bar in place: no history entry keeps it.
function dropLink() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("learner")) return;
  url.searchParams.delete("learner");
  window.history.replaceState(window.history.state, "", url.href);
}

export default function (component) {
  const { data, setStateValue } = component;
  if (data && data.dropLink) dropLink();
  const known = stored();
  const good = known !== null && TOKEN.test(known);
  if (!data || !data.token) {
    if (good) setStateValue("stored", known);
    else if (data && data.offer) keep(data.offer);
    return;
  }
  if (data.adopt || !good) keep(data.token);
  else if (known === data.token) keep(known);   // refresh the cookie's age
}
