// One browser history entry per page visit (see history.py for why); run by st.html.
// Streamlit's frontend calls history.pushState for every change of the address: a page
// change, and every st.query_params write. Here a push that keeps the page (the same
// path) replaces the current entry instead, so Back leaves the page in one press; and
// a push to another page first gives the old page's entry back the address it had
// before the click or key that led away (that page's first run writes its query string
// while the address still shows the old page's path).

(() => {
  if (window.__euchreOneEntryPerPage) return;
  window.__euchreOneEntryPerPage = true;
  const history = window.history;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  let settled = window.location.href;   // the entry's address before the latest click or key
  const remember = () => { settled = window.location.href; };
  window.addEventListener("pointerdown", remember, true);
  window.addEventListener("keydown", remember, true);
  window.addEventListener("popstate", remember);
  history.pushState = function (state, unused, url) {
    if (url === undefined || url === null) return push(state, unused, url);
    const next = new URL(url, window.location.href);
    if (next.pathname === window.location.pathname) return replace(state, unused, url);
    if (new URL(settled).pathname === window.location.pathname &&
        settled !== window.location.href) {
      replace(history.state, "", settled);
    }
    const result = push(state, unused, url);
    settled = window.location.href;
    return result;
  };
})();
