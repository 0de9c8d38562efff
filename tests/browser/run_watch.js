// Lets a test wait for the script run a click asked for on events, not for a set time.
// wait_for_app installs it once per document; `window.__runWatch.settled()` then says
// whether every run asked for has ended and the page has drawn its end.
//
// What it watches, on the page's websocket to the server:
// - a click (or key) makes the page send a BackMsg rerun_script (field 11: first byte
//   0x5a), a frame or two after the event (React sends it from an effect); a
//   fragment's timed rerun (run_every) sends one too, and so does a fragment's watcher
//   that saw news with no input pending: those two are not counted (nobodyWaits);
// - the server answers with a ForwardMsg new_session (field 4) when the run starts and
//   script_finished (field 6) when it ends;
// - the page draws those a moment later, so the end counts once two frames have passed
//   since script_finished arrived.
// A click that asks for no run (a refused card, a focus move) is over once INPUT_FRAMES
// frames have passed without a request.
() => {
  if (window.__runWatch) return;
  const INPUT_FRAMES = 6;
  const DRAWN_FRAMES = 2;
  const watch = {
    asked: 0, // rerun requests sent
    started: 0, // of those, how many a started run answers
    finished: 0, // of those, how many a finished run answers
    inputWaiting: 0, // the number of an input that has not yet led to a request, or 0
    drawn: true, // the page has had DRAWN_FRAMES frames since the last script_finished
  };
  window.__runWatch = watch;
  watch.settled = () =>
    !watch.inputWaiting &&
    watch.finished >= watch.asked &&
    watch.drawn &&
    document.querySelector("[data-testid=stApp]")?.dataset.testScriptState === "notRunning";

  const afterFrames = (frames, then) =>
    requestAnimationFrame(() => (frames > 1 ? afterFrames(frames - 1, then) : then()));

  let inputs = 0;
  for (const type of ["click", "keydown", "change"]) {
    window.addEventListener(
      type,
      () => {
        const input = ++inputs;
        watch.inputWaiting = input;
        afterFrames(INPUT_FRAMES, () => {
          if (watch.inputWaiting === input) watch.inputWaiting = 0;
        });
      },
      true,
    );
  }

  const varint = (bytes, at) => {
    let value = 0;
    let scale = 1;
    let byte;
    do {
      byte = bytes[at.i++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80 && at.i < bytes.length);
    return value;
  };
  // The fields of the protobuf message in bytes[start, end), in order: [number, value]
  // (a varint's value, else null: the field's bytes are skipped). Stops at a wire type
  // it cannot skip.
  function* fields(bytes, start, end) {
    const at = { i: start };
    while (at.i < end) {
      const key = varint(bytes, at);
      const wire = key % 8;
      let value = null;
      if (wire === 0) value = varint(bytes, at);
      else if (wire === 2) {
        const length = varint(bytes, at); // read first: `at.i += varint(...)` loses its step
        at.i += length;
      } else if (wire === 1) at.i += 8;
      else if (wire === 5) at.i += 4;
      else return;
      yield [Math.floor(key / 8), value];
    }
  }

  // The number of a ForwardMsg's first field past its hash (1), metadata (2) and
  // ref_hash (11): the field that says what kind of message it is.
  const kindOf = (bytes) => {
    for (const [field] of fields(bytes, 0, bytes.length)) {
      if (field !== 1 && field !== 2 && field !== 11) return field;
    }
    return -1;
  };

  // Whether a rerun_script BackMsg (field 11, its ClientState after the first byte and
  // its length) is one nobody waits for: a fragment's timed rerun (is_auto_rerun, field
  // 6, true), or a fragment's rerun (fragment_id, field 5) that no input asked for (a
  // live class's watcher seeing news: the test waits for what it draws with expect).
  // The server drops a fragment's rerun silently (no new_session, no script_finished)
  // when a full run removed its fragment first, so counting one would leave an ask
  // unanswered for good: a teacher's click ran while the watcher asked, and the page
  // stayed "unsettled" for the whole 90 s bound.
  const nobodyWaits = (bytes) => {
    const at = { i: 1 };
    const length = varint(bytes, at);
    let fragment = false;
    for (const [field, value] of fields(bytes, at.i, Math.min(bytes.length, at.i + length))) {
      if (field === 6 && value !== 0) return true;
      if (field === 5) fragment = true;
    }
    return fragment && !watch.inputWaiting;
  };

  let finishes = 0;
  const received = (event) => {
    if (!(event.data instanceof ArrayBuffer)) return;
    const kind = kindOf(new Uint8Array(event.data));
    if (kind === 4) watch.started = watch.asked;
    else if (kind === 6) {
      watch.finished = watch.started;
      const finish = ++finishes;
      watch.drawn = false;
      afterFrames(DRAWN_FRAMES, () => {
        if (finish === finishes) watch.drawn = true;
      });
    }
  };

  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (!this.__runWatched) {
      this.__runWatched = true;
      this.addEventListener("message", received);
    }
    if (ArrayBuffer.isView(data) && data.byteLength > 0) {
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      if (bytes[0] === 0x5a && !nobodyWaits(bytes)) {
        watch.asked += 1;
        watch.inputWaiting = 0;
      }
    }
    return send.call(this, data);
  };
};
