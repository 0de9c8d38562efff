// A tab whose server went away while it loaded a part of Streamlit's page reloads itself
// once the server answers again (see reload_after_restart.py); run by st.html.
// Streamlit's frontend loads its element code lazily through Vite's preload helper,
// which fires "vite:preloadError" on the window when such a load fails.

(() => {
  if (window.__euchreReloadAfterRestart) return;
  window.__euchreReloadAfterRestart = true;
  const health = new URL("_stcore/health", document.baseURI);
  let waiting = false;
  const say = () => {
    const note = document.createElement("div");
    note.id = "euchre-restart-note";
    note.setAttribute("role", "status");
    note.textContent =
      "The app is starting again. This page reloads by itself as soon as it is back.";
    note.style.cssText =
      "position:fixed;top:0.75rem;left:50%;transform:translateX(-50%);z-index:1000001;" +
      "background:#fff8e1;color:#3d2f00;border:2px solid #b78a00;border-radius:0.5rem;" +
      "padding:0.6rem 1rem;font:1rem/1.4 sans-serif;max-width:90vw;";
    document.body.appendChild(note);
  };
  const reloadWhenBack = async () => {
    if (waiting) return;
    waiting = true;
    say();
    for (;;) {
      try {
        const answer = await fetch(health, { cache: "no-store" });
        if (answer.ok) {
          window.location.reload();
          return;
        }
      } catch (error) {
        // not back yet
      }
      await new Promise((done) => setTimeout(done, 1000));
    }
  };
  window.addEventListener("vite:preloadError", reloadWhenBack);
})();
