// The card table: draws the table model built in Python (card_table/table_model.py)
// and sends the learner's clicks back as triggers ("card" -> "JH", "action" -> "pass").
// It never judges a rule: every card of the hand stays clickable when the model says
// the hand is in play, and Python answers with the engine's verdict.
// Two layouts: "table" (four seats round the middle) and "cards" (loose cards: a row to
// click, a trick by seat, rows with headings; card_table/cards_model.py builds it).
// Text goes in with textContent; card pictures are engine.svg drawings parsed as SVG: a
// picture given as "@id" comes from the sheet of plain faces (card_faces.js, loaded once
// per page beside this file; card_table/face_sheet.py), any other as the markup itself.
// A model with "keys" ({back, next, pages}) steps with the keyboard: ArrowLeft/ArrowRight
// (and PageUp/PageDown, a presenter's clicker, when "pages") send those actions, unless
// focus is on a card (the hand's own arrow navigation), a text box or a Streamlit choice.
// "size": "projector" draws larger cards and type ("deck": a deck of small loose cards);
// "teacher" (a teacher's table, for a room) a larger middle and face-up hands whose
// corners all show.
// A model with "pace" ({key, card_ms, hold_ms, frames}: card_table/paced_plays.py) shows
// the cards played lately one by one, as at a card table: each frame redraws the table
// round the hand (never the hand itself, so a click on a card is never lost), a finished
// trick stays hold_ms with its winner named, then the model itself is drawn. A click on a
// card plays it at once; a click on the felt or "Go on" shows the end at once. Each card
// and each trick's winner is said in a polite live region, at every pace.

import CARD_FACES from "./card_faces.js";

const SVG_TEMPLATES = new Map();
const REPEAT_MS = 300; // a double click sends one trigger, not two (another card still counts)
const PACED = new Set(); // arrivals shown in this tab: a redraw never plays them twice
const TURN_BADGES = new Set(["to play", "to bid", "to discard", "to decide"]);
// On <html> once an arrival is over (or had nothing to show), its pace key: a page may
// keep what would tell the cards first (Play's list of moves) hidden until then, with
// html:not([data-table-paced="<key>"]) in its own style: also before this script ran.
const PACED_MARK = "data-table-paced";

function svgNode(picture) {
  const markup = picture.startsWith("@") ? CARD_FACES[picture.slice(1)] : picture;
  let template = SVG_TEMPLATES.get(markup);
  if (!template) {
    template = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
    template.removeAttribute("width");
    template.removeAttribute("height");
    template.setAttribute("aria-hidden", "true");
    template.setAttribute("focusable", "false");
    SVG_TEMPLATES.set(markup, template);
  }
  return document.importNode(template, true);
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// A card button's name starts with what its face shows ("K♠, king of spades", "J♦ left
// bower, jack of diamonds"), so a speech user can say what they see (WCAG 2.5.3, label
// in name).
function buttonName(card) {
  const label = card.label || "";
  return !label || card.name.toLowerCase().includes(label.toLowerCase())
    ? card.name : `${label}, ${card.name}`;
}

function picture(model, card, extraClass) {
  return el("span", { class: "face " + (extraClass || "") }, svgNode(model.svgs[card.svg]));
}

function send(root, event, value) {
  const now = Date.now();
  const what = event + ":" + value;
  if (what === root._sentWhat && now - (root._sentAt || 0) < REPEAT_MS) return;
  root._sentAt = now;
  root._sentWhat = what;
  if (root._pacing) finishPacing(root, false); // the learner moves on: the table as it is
  root._send(event, value);
}

// ---- the parts of the table ------------------------------------------------------

function seatBox(model, seat, root) {
  const box = el("div", {
    class: `seat pos-${seat.position}` + (seat.to_act ? " turn" : "") +
      (seat.sitting_out ? " out" : ""),
    role: "group", "aria-label": seat.label,
  });
  const name = el("div", { class: "seat-name" }, el("span", { text: seat.name }));
  if (seat.player) name.append(el("span", { class: "player", text: seat.player }));
  for (const badge of seat.badges) {
    name.append(el("span", { class: "badge badge-" + badge.replace(/ /g, "-"), text: badge }));
  }
  if (seat.said) name.append(el("span", { class: "said", text: seat.said }));
  box.append(name);
  if (!seat.you) {
    const playable = seat.cards.some((card) => card.clickable);
    // A teacher's table: the seat to act is played where it sits, by named buttons.
    const fan = playable
      ? el("div", { class: "fan playable", role: "group", "aria-label": `${seat.name}'s cards` })
      : el("div", { class: "fan", "aria-hidden": "true" });
    if (playable) {
      for (const card of seat.cards) {
        const button = el("button", { type: "button", class: "face mini seat-card",
          "aria-label": buttonName(card), "data-code": card.code },
          svgNode(model.svgs[card.svg]));
        button.addEventListener("click", () => send(root, "card", card.code));
        fan.append(button);
      }
    } else if (seat.cards.length) {
      for (const card of seat.cards) fan.append(picture(model, card, "mini"));
    } else {
      for (let i = 0; i < Math.min(seat.count, 6); i++) {
        fan.append(el("span", { class: "face mini back" }, svgNode(model.svgs.back)));
      }
    }
    box.append(fan);
  }
  return box;
}

function scoreBox(model) {
  const box = el("div", { class: "corner tl" });
  const tricks = model.tricks_won; // null when a question hides who took the trick
  if (!model.score && !tricks) return box;
  const table = el("table", { class: "scores" });
  const target = model.score && model.score.target ? ` (to ${model.score.target})` : "";
  table.append(el("caption", { class: "sr-only", text: "Score and tricks" }));
  const head = el("tr", {}, el("th", { scope: "col", text: "Team" }));
  if (model.score) {
    head.append(el("th", { scope: "col" }, el("span", { class: "long", text: "Points" + target }),
      el("span", { class: "short", text: "Points" })));
  }
  if (tricks) head.append(el("th", { scope: "col", text: "Tricks" }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const team of ["NS", "EW"]) {
    const row = el("tr", {}, el("th", { scope: "row" },
      el("span", { class: "long", text: model.teams[team] }),
      el("span", { class: "short", text: model.teams_short[team] })));
    if (model.score) row.append(el("td", { text: String(model.score[team]) }));
    if (tricks) row.append(el("td", { text: String(tricks[team]) }));
    body.append(row);
  }
  table.append(body);
  box.append(table);
  return box;
}

function trumpBox(model) {
  const box = el("div", { class: "corner tr" });
  const trump = el("div", { class: "fact" }, el("span", { class: "fact-name", text: "Trump: " }));
  if (model.trump) {
    const icon = model.suit_icons[model.trump.suit];
    if (icon) trump.append(el("span", { class: "suit-icon" }, svgNode(icon)));
    trump.append(el("strong", { text: model.trump.name }));
  } else {
    trump.append(el("span", { text: "not made yet" }));
  }
  box.append(trump);
  if (model.makers) {
    box.append(el("div", { class: "fact" }, el("span", { class: "fact-name", text: "Makers: " }),
      el("strong", { text: model.makers.name }),
      el("span", { text: ` (${model.makers.maker_name} made it)` })));
  }
  return box;
}

function playCard(model, play, extraClass, captioned) {
  const words = `${play.name}${play.led ? " led" : " played"} the ${play.card.name}` +
    (play.won ? ", and won the trick" : "");
  const card = el("div", {
    class: `play pos-${play.position} ${extraClass}` + (play.won ? " won" : ""),
    role: "img", "aria-label": words,
  }, picture(model, play.card));
  if (captioned) {
    card.append(el("span", {
      class: "caption", "aria-hidden": "true",
      text: play.name + (play.led ? " led" : "") + (play.won ? " ✓" : ""),
    }));
  }
  return card;
}

function middleBox(model) {
  const box = el("div", { class: "middle", role: "group", "aria-label": "Middle of the table" });
  if (model.trick.length) {
    for (const play of model.trick) box.append(playCard(model, play, "trick-card", true));
  } else if (model.upcard) {
    const up = model.upcard;
    box.append(el("div", {
      class: "upcard status-" + up.status.replace(/ /g, "-"), role: "img",
      "aria-label": `${up.caption}: ${up.name}`,
    }, picture(model, up), el("span", { class: "caption", "aria-hidden": "true", text: up.caption })));
  }
  return box;
}

function lastTrickBox(model) {
  const box = el("div", { class: "corner bl" });
  const last = model.last_trick;
  const won = model.trick_won;
  if (won) {  // a finished trick lies in the middle: say who took it, with which card
    box.append(el("p", { class: "fact trick-won" },
      el("strong", { "aria-hidden": "true", text: won.words }),
      el("span", { class: "sr-only", text: won.said })));
  }
  if (!last) return box;
  // A small copy of the middle: each card where its player sits.
  const cross = el("div", { class: "mini-cross" });
  for (const play of last.plays) cross.append(playCard(model, play, "mini-play", false));
  box.append(el("div", {
    class: "last-trick", role: "group", "aria-label": `Last trick, won by ${last.winner_name}`,
  }, cross, el("div", { class: "fact last-words", "aria-hidden": "true" },
    el("span", { text: "Last trick:" }), el("strong", { text: `${last.winner_name} won` }))));
  return box;
}

function handRow(model, root) {
  const you = (model.seats || []).find((seat) => seat.you);
  const hand = el("div", {
    class: "hand" + (model.lift ? " lift" : ""), role: "group",
    "aria-label": model.hand_label || (you ? `Your cards (${you.name})` : "Cards"),
  });
  const codes = model.hand.map((card) => card.code);
  let rove = codes.indexOf(root._rove);
  if (rove < 0) rove = Math.min(root._roveIndex || 0, codes.length - 1);
  model.hand.forEach((card, index) => {
    // The band on the face is in the button's name already (card.label): not said twice.
    const notes = [card.note, card.mark && card.mark.text, card.lifted ? "can be played" : ""]
      .filter((note) => note && !(card.label || "").endsWith(" " + note)).join("; ");
    const classes = "card" + (card.lifted ? " lifted" : "") +
      (card.mark ? " mark-" + card.mark.kind : "");
    let node;
    if (card.clickable) {
      node = el("button", {
        type: "button", class: classes, "aria-label": buttonName(card), "data-code": card.code,
        "data-index": index, tabindex: index === rove ? 0 : -1, title: notes || null,
        "aria-describedby": notes ? `ct-note-${index}` : null,
      }, picture(model, card));
      node.addEventListener("click", () => send(root, "card", card.code));
      node.addEventListener("focus", () => { root._rove = card.code; root._roveIndex = index; });
    } else {
      node = el("span", { class: classes + " static", role: "img", "aria-label": card.name,
        "data-code": card.code, "aria-describedby": notes ? `ct-note-${index}` : null },
      picture(model, card));
    }
    if (notes) node.append(el("span", { class: "sr-only", id: `ct-note-${index}`, text: notes }));
    hand.append(node);
  });
  // Face-down cards after the faces: a hidden hand on a teacher's table, or the kitty
  // under a lesson's upcard.
  for (let i = 0; i < (model.hand_backs || 0); i++) {
    hand.append(el("span", { class: "card static back", "aria-hidden": "true" },
      el("span", { class: "face" }, svgNode(model.svgs.back))));
  }
  hand.addEventListener("keydown", (event) => moveFocus(event, hand, root));
  return hand;
}

function moveFocus(event, hand, root) {
  const buttons = [...hand.querySelectorAll("button.card")];
  const at = buttons.indexOf(event.target);
  if (at < 0) return;
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  let next = null;
  if (event.key in steps) next = (at + steps[event.key] + buttons.length) % buttons.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  if (next === null) return;
  event.preventDefault();
  buttons.forEach((button, i) => button.setAttribute("tabindex", i === next ? "0" : "-1"));
  buttons[next].focus();
}

function actionRow(model, root, actions) {
  actions.replaceChildren();
  actions.hidden = !model.actions.length;
  actions.setAttribute("aria-label", model.choices_label || "Your choices");
  for (const action of model.actions) {
    const pressed = action.pressed === true || action.pressed === false;
    const button = el("button", {
      type: "button", class: "action" + (action.primary ? " primary" : "") +
        (pressed ? " toggle" : "") + (action.mark ? " mark-" + action.mark : ""),
      "data-action": action.id,
      "aria-pressed": pressed ? String(action.pressed) : null, disabled: !!action.disabled,
    });
    const icon = action.suit && model.suit_icons[action.suit];
    if (icon) button.append(el("span", { class: "suit-icon" }, svgNode(icon)));
    button.append(el("span", { text: action.label }));
    button.addEventListener("click", () => send(root, "action", action.id));
    actions.append(button);
  }
}

function showMessage(model, message) {
  const text = model.message ? model.message.text : "";
  const tone = model.message ? model.message.tone : "none";
  const title = (model.message && model.message.title) || "";
  if (message.dataset.text === text && message.dataset.tone === tone &&
      message.dataset.title === title) return;
  message.dataset.text = text;
  message.dataset.tone = tone;
  message.dataset.title = title;
  message.className = "message tone-" + tone;
  message.hidden = !text && !title;  // no empty line above the buttons
  message.replaceChildren();
  if (tone === "refusal") message.append(el("strong", { text: "✗ Not allowed. " }));
  if (title) message.append(el("strong", { text: title + " " }));
  message.append(el("span", { text }));
}

// ---- the "cards" layout: loose cards, a trick by seat, rows with headings -------------

function drawCards(model, root, felt) {
  const parts = [];
  if (model.trump) {
    const trump = el("div", { class: "fact cards-trump" },
      el("span", { class: "fact-name", text: "Trump: " }));
    const icon = model.suit_icons[model.trump.suit];
    if (icon) trump.append(el("span", { class: "suit-icon" }, svgNode(icon)));
    trump.append(el("strong", { text: model.trump.name }));
    parts.push(trump);
  }
  if (model.trick.length) parts.push(middleBox(model));
  if (model.hand_heading && model.hand.length)  // whose cards they are ("East's cards")
    parts.push(el("div", { class: "row-name hand-name", text: model.hand_heading }));
  if (model.hand.length) parts.push(handRow(model, root));
  for (const row of model.rows || []) {
    const cards = el("div", { class: "row-cards" });
    for (const card of row.cards) {
      const notes = card.note || "";
      // A row's cards are small: the note on the face ("left bower") is printed under the
      // card too, in type that reads (the name already says it to a screen reader).
      const caption = notes ? [el("span", { class: "row-note", "aria-hidden": "true", text: notes })]
        : [];
      cards.append(el("span", { class: "card static", role: "img",
        "aria-label": card.name + (notes ? ` (${notes})` : "") }, picture(model, card), ...caption));
    }
    parts.push(el("div", { class: "row", role: "group", "aria-label": row.label },
      el("div", { class: "row-name", text: row.label }), cards));
  }
  felt.replaceChildren(...parts);
  felt.hidden = !parts.length;  // only labelled choices: no empty felt above them
}

// ---- stepping with the keyboard ------------------------------------------------------

const KEEP_KEYS = "input, textarea, select, [contenteditable], button.card, button.seat-card, " +
  "[role=radio], [role=radiogroup], [role=tab], [role=tablist], [role=slider], [role=option], " +
  "[role=listbox], [role=menu], [role=menuitem], [role=spinbutton], [role=combobox], " +
  "[role=toolbar]";

function stepKey(event, root) {
  if (!root.isConnected) {  // the table left the page: stop listening
    document.removeEventListener("keydown", root._keyHandler);
    return;
  }
  const model = root._model;
  const keys = model && model.keys;
  if (!keys || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey ||
      event.shiftKey) return;
  const moves = { ArrowLeft: "back", ArrowRight: "next" };
  if (keys.pages) Object.assign(moves, { PageUp: "back", PageDown: "next" });
  const ident = keys[moves[event.key]];
  if (!ident) return;
  const target = event.composedPath()[0];
  if (target && target.closest && target.closest(KEEP_KEYS)) return;
  const action = (model.actions || []).find((item) => item.id === ident);
  if (!action || action.disabled) return;
  event.preventDefault();
  send(root, "action", ident);
}

// ---- focus that a rerun took away ----------------------------------------------------

// Enter on a control that the rerun then removes ("Next question ▶", a bid's button)
// drops focus to the top of the page, and the next Tab starts over. After a key press,
// focus lost so goes to the first table's card or choice to act on (never after a click:
// a focus would scroll the page under the mouse; never when Tab leaves the page).
const TABLES = new Set();
const focusState = { keyboard: false, lost: false };
document.addEventListener("keydown", () => { focusState.keyboard = true; }, true);
document.addEventListener("pointerdown", () => { focusState.keyboard = false; }, true);
document.addEventListener("focusin", () => { focusState.lost = false; }, true);
document.addEventListener("focusout", (event) => {
  if (event.relatedTarget || !focusState.keyboard) return;
  const left = event.composedPath()[0];  // inside a component's shadow root too
  setTimeout(() => {  // once the rerun's removal is over
    if (left.isConnected && !left.disabled) return;  // Tab left the page: let it go
    focusState.lost = focusIsLost();  // not when a redraw already put it back
    rescueFocus();
  }, 0);
}, true);

function focusIsLost() {
  const active = document.activeElement;
  return !active || active === document.body;
}

function rescueFocus() {
  if (!focusState.lost || !focusState.keyboard || !focusIsLost()) return;
  for (const root of TABLES) {
    if (!root.isConnected) { TABLES.delete(root); continue; }
    const target = root.querySelector("button.card[tabindex='0']:not([disabled])") ||
      root.querySelector("button.seat-card:not([disabled]), .actions button:not([disabled])");
    if (target) { target.focus(); return; }  // focusin clears focusState.lost
  }
}

// ---- drawing and redrawing ---------------------------------------------------------

function skeleton(parent) {
  const root = el("div", { class: "ct-root" });
  const felt = el("div", { class: "felt" });
  const message = el("p", { class: "message", role: "status", "aria-live": "polite" });
  const actions = el("div", { class: "actions", role: "group", "aria-label": "Your choices" });
  const skip = el("button", { type: "button", class: "pace-skip", hidden: true,
    text: "Go on ▶" });
  // What to know while cards arrive (model.pace.intro), in the message's place.
  const intro = el("p", { class: "message tone-info pace-intro", hidden: true });
  const strip = el("div", { class: "strip" }, intro, message, skip, actions);
  // Each card played and each trick's winner, for screen readers (the pace's "say").
  const announce = el("p", { class: "sr-only announce", "aria-live": "polite" });
  const region = el("section", { class: "ct", role: "region", "aria-label": "Card table" },
    felt, strip, announce);
  root.append(region);
  root._parts = { felt, message, actions, strip, region, skip, announce, intro };
  skip.addEventListener("click", () => { finishPacing(root, true); focusHand(root); });
  felt.addEventListener("click", (event) => {  // a click on the felt: go on
    if (root._pacing && !event.target.closest("button")) finishPacing(root, true);
  });
  parent.append(root);
  return root;
}

// ---- cards arriving one by one (model.pace) -----------------------------------------

// The model as it stood just after one card of the arrival: the middle, the seat to
// play, the cards held and the tricks won are the frame's; the hand is the model's.
function frameModel(model, frame) {
  const seats = model.seats.map((seat) => {
    const badges = seat.badges.filter((badge) => !TURN_BADGES.has(badge));
    if (seat.seat === frame.turn) badges.push("to play");
    const count = frame.counts ? frame.counts[seat.seat] : seat.count;
    return { ...seat, badges, count, to_act: seat.seat === frame.turn };
  });
  // The hand these cards end is scored once the last has arrived (the model's own).
  const score = model.pace && model.pace.score ? model.pace.score : model.score;
  return { ...model, seats, score, trick: frame.trick, tricks_won: frame.tricks_won,
    last_trick: frame.last_trick, trick_won: frame.trick_won, frame_hand: frame.hand };
}

function announce(root, words) {
  if (words) root._parts.announce.textContent = words;
}

function startPacing(root, model) {
  const pace = model.pace;
  PACED.add(pace.key);
  const frames = pace.frames;
  const last = frames[frames.length - 1];
  // The end shows the last card already; only a trick it ended and the table then
  // clears (a bot leads next) is worth a frame of its own.
  const shown = last.trick_won && !model.trick_won ? frames : frames.slice(0, -1);
  if (!shown.length || (!pace.card_ms && !pace.hold_ms)) {
    announce(root, frames.map((frame) => frame.say).join(" "));
    return;
  }
  root._pacing = { key: pace.key, model, frames, at: 0 };
  root._parts.region.classList.add("pacing");
  root._parts.skip.hidden = false;
  root._parts.intro.textContent = pace.intro || "";
  root._parts.intro.hidden = !pace.intro;
  root._parts.region.classList.toggle("pacing-intro", Boolean(pace.intro));
  showStrip(root, model);
  showFrame(root, 0, shown.length);
}

function showFrame(root, at, count) {
  const pacing = root._pacing;
  const { card_ms, hold_ms } = pacing.model.pace;
  const frame = pacing.frames[at];
  pacing.at = at;
  redrawFelt(root, frameModel(pacing.model, frame));
  announce(root, frame.say);
  root._paceTimer = setTimeout(() => {
    if (at + 1 < count) showFrame(root, at + 1, count);
    else finishPacing(root, true);
  }, frame.trick_won ? hold_ms : card_ms);
}

// The end of the arrival: the model itself round the hand. ``tell``: say the cards not
// yet said (the learner chose to go on; not when a click of theirs moves the game on).
function finishPacing(root, tell) {
  const pacing = root._pacing;
  clearTimeout(root._paceTimer);
  root._paceTimer = null;
  root._pacing = null;
  root._parts.region.classList.remove("pacing");
  root._parts.skip.hidden = true;
  if (pacing) document.documentElement.setAttribute(PACED_MARK, pacing.key);
  root._parts.intro.hidden = true;
  root._parts.region.classList.remove("pacing-intro");
  if (!pacing) return;
  showStrip(root, pacing.model);
  redrawFelt(root, pacing.model);
  if (tell) announce(root, pacing.frames.slice(pacing.at + 1).map((f) => f.say).join(" "));
}

function focusHand(root) {
  const card = root._parts.felt.querySelector("button.card[tabindex='0'], button.card");
  if (card) card.focus();
}

function render(root, model, shadow) {
  const active = "activeElement" in shadow ? shadow.activeElement : document.activeElement;
  const had = active && root.contains(active) ? active : null;
  const { felt, message, actions, strip, region } = root._parts;
  const loose = model.layout === "cards";
  region.className = "ct" + (loose ? " ct-cards" : "") +
    (model.size ? " ct-" + model.size : "") + (model.teacher ? " ct-teacher" : "") +
    (root._pacing ? " pacing" : "");
  region.setAttribute("aria-label",
    model.region_name || model.title || (loose ? "Cards" : "Card table"));
  felt.className = "felt" + (loose ? " felt-cards" : "");
  if (loose) {
    drawCards(model, root, felt);
  } else {
    // A stepper's ◀ ▶ sit on the felt beside the hand: the buttons by the cards they
    // change, and the whole width under the felt left to the engine's reasons.
    const hand = model.actions_by_hand
      ? el("div", { class: "hand-line" }, handRow(model, root), actions)
      : handRow(model, root);
    felt.hidden = false;
    felt.replaceChildren(...aroundHand(model, root), hand);
  }
  if (!(model.actions_by_hand && !loose) && actions.parentNode !== strip) strip.append(actions);
  showMessage(model, message);
  actionRow(model, root, actions);
  showStrip(root, model);
  if (had) {
    const index = Number(had.dataset.index || 0);
    const cards = [...felt.querySelectorAll("button.card")];
    const again = (had.dataset.action &&
      actions.querySelector(`[data-action="${CSS.escape(had.dataset.action)}"]`)) ||
      cards[Math.min(index, cards.length - 1)] ||
      (had.classList.contains("seat-card") && felt.querySelector("button.seat-card")) ||
      actions.querySelector("button") || null;
    if (again && cards.includes(again)) {
      cards.forEach((card) => card.setAttribute("tabindex", card === again ? "0" : "-1"));
    }
    if (again) {
      again.focus();
      keepInSight(root, again);
    }
  }
}

// A redraw that grew the table (a longer reason under the felt) can push the button just
// pressed under what sticks to the screen's foot (a lesson's step buttons on a phone) or
// off it: the page scrolls just enough to show it again, so the next press needs no
// scrolling.
function keepInSight(root, button) {
  const box = button.getBoundingClientRect();
  if (!box.height) return;
  let bottom = window.innerHeight;
  const host = root.getRootNode().host || root;
  const cover = document.elementFromPoint(
    box.left + box.width / 2, Math.min(box.bottom - 2, bottom - 1));
  if (cover && cover !== host && !host.contains(cover) && !cover.contains(host)) {
    let stuck = cover;  // the whole bar that sticks, not the word under the point
    while (stuck && !/sticky|fixed/.test(getComputedStyle(stuck).position)) {
      stuck = stuck.parentElement;
    }
    bottom = Math.min(bottom, (stuck || cover).getBoundingClientRect().top);
  }
  const hidden = box.bottom + 8 - bottom;
  if (hidden <= 0) return;
  for (let node = host.parentElement; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight) {
      node.scrollBy({ top: hidden, behavior: "instant" });
      return;
    }
  }
}

// The strip under the felt: hidden when it holds nothing (but "Go on" while pacing).
function showStrip(root, model) {
  const { strip, actions } = root._parts;
  strip.hidden = !root._pacing && !model.message &&
    (!model.actions.length || actions.parentNode !== strip);
}

// Everything on the felt but the hand, in the felt's order (the hand comes last).
function aroundHand(model, root) {
  const seats = Object.fromEntries(model.seats.map((seat) => [seat.position, seat]));
  const yours = el("div", { class: "corner br" }, seatBox(model, seats.bottom, root));
  return [scoreBox(model), seatBox(model, seats.top, root), trumpBox(model),
    seatBox(model, seats.left, root), middleBox(model), seatBox(model, seats.right, root),
    lastTrickBox(model), yours];
}

// Redraw the felt round the hand, leaving the hand's buttons (and a click on them) alone.
function redrawFelt(root, model) {
  const old = [...root._parts.felt.children];
  aroundHand(model, root).forEach((part, i) => old[i].replaceWith(part));
  // The seat at the bottom plays again in this arrival (a guided hand plays the learner's
  // last cards too): the hand as it was then (frame.hand, nothing to click), and the
  // model's own once the arrival is over.
  const hand = old[old.length - 1];
  if ((model.frame_hand || root._frameHand) && hand && hand.classList.contains("hand")) {
    hand.replaceWith(handRow(model.frame_hand ? { ...model, hand: model.frame_hand } : model, root));
    root._frameHand = Boolean(model.frame_hand);
  }
}

// The page address follows the table (model.address: parameter -> value, null removes),
// replaced in place so that moves do not pile up in the browser's history.
function followAddress(address) {
  if (!address) return;
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(address)) {
    if (value === null || value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
}

// The table's stylesheet comes as a <link> beside it: until it has loaded, a table drawn
// would show unstyled (and be measured so), so the first drawing waits for it.
function stylesheetLoaded(parentElement) {
  const link = parentElement.getRootNode().querySelector('link[href*="card_table.css"]');
  if (!link || link.sheet) return null;
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

export default function (component) {
  const waiting = stylesheetLoaded(component.parentElement);
  if (waiting) return waiting.then(() => draw(component));
  return draw(component);
}

function draw(component) {
  const { data, parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector(".ct-root") || skeleton(parentElement);
  root._send = setTriggerValue; // the newest; listeners read it when clicked
  if (data) root._model = data;  // the newest, for the keyboard
  if (!root._keyHandler) {
    root._keyHandler = (event) => stepKey(event, root);
    document.addEventListener("keydown", root._keyHandler);
  }
  if (!data) return;
  const pace = data.layout === "table" ? data.pace : null;
  const pacing = root._pacing;
  if (pacing && pace && pace.key === pacing.key) {  // the same arrival drawn again
    pacing.model = data;
    render(root, data, parentElement);
    redrawFelt(root, frameModel(data, pacing.frames[pacing.at]));
  } else {
    if (pacing) finishPacing(root, false);
    render(root, data, parentElement);
    if (pace && pace.frames.length && !PACED.has(pace.key)) startPacing(root, data);
    if (pace && !root._pacing) document.documentElement.setAttribute(PACED_MARK, pace.key);
  }
  followAddress(data.address);
  TABLES.add(root);
  rescueFocus();
}
