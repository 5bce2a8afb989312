// The page of `retro serve`: draws the 80x25 machine the session sends, pixel for pixel as
// retro/raster.py draws it (the same fonts, palettes, 9th-column rule, MDA attributes,
// blink and cursor phases), and sends keys and clicks back.  See docs/web.md.
"use strict";

(function () {
  const ROWS = 25, COLS = 80, CELLS = ROWS * COLS;
  const NAMED = {
    Escape: "ESC", Enter: "ENTER", Tab: "TAB", Backspace: "BKSP",
    ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
    Home: "HOME", End: "END", PageUp: "PGUP", PageDown: "PGDN", Insert: "INS", Delete: "DEL",
  };
  for (let n = 1; n <= 12; n++) NAMED["F" + n] = "F" + n;
  // A PC keyboard's typematic defaults, as the window repeats a held key.
  const REPEAT_DELAY_MS = 500, REPEAT_RATE_HZ = 30;
  // The speaker's level: DOSBox's 5000 of a 16-bit sample's 32768.
  const SPEAKER_GAIN = 5000 / 32768;

  const canvas = document.getElementById("screen");
  const context = canvas.getContext("2d", { alpha: false });
  const statusLine = document.getElementById("status");
  const query = new URLSearchParams(location.search);
  const phosphor = query.get("phosphor") || "green";
  const programName = query.get("program") || "retro";

  // What the session told us: the cells and the display registers.
  const chars = new Uint8Array(CELLS), attrs = new Uint8Array(CELLS).fill(7);
  const screen = { mono: null, border: 0, blink: true, cursor: [24, 0, 14, 15, false] };
  // Machine time: the last time the session sent, and when (performance clock, seconds).
  let machineNow = 0, receivedAt = performance.now() / 1000;

  let desc = null, font = null, height = 16, band = [0, 0, 0, 0], colours = null;
  let image = null, pixels = null;
  const dirty = new Uint8Array(CELLS);
  let anyDirty = false, bandDirty = true;
  let shown = { blink: null, cursor: null, cursorCell: -1 };

  const page = {
    frames: 0,            // frame messages applied
    sent: 0,              // key and click messages sent
    tones: 0,             // tone segments received
    hushes: 0,
    phase: null,          // tests: {blink: bool, cursor: bool} fixes the phases
    closed: null,         // {code, reason} once the session ended
    ended: null,          // the session's end message (its notices)
    socket: null,
  };
  window.retroPage = page;

  // -- drawing (retro/raster.py, cell by cell) ---------------------------------------------

  function frameNumber(t) {
    return Math.floor(t * desc.frameHz + 1e-6);
  }

  function machineTime() {
    return machineNow + (performance.now() / 1000 - receivedAt);
  }

  function phases() {
    if (page.phase) return page.phase;
    const frame = frameNumber(machineTime());
    return {
      blink: Math.floor(frame / desc.blinkFrames) % 2 === 0,
      cursor: Math.floor(frame / desc.cursorFrames) % 2 === 0,
    };
  }

  function decode(text) {
    const raw = atob(text), out = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function packed(rgb) {  // ImageData's bytes R, G, B, A read as one little-endian word
    return (0xff000000 | (rgb[2] << 16) | (rgb[1] << 8) | rgb[0]) >>> 0;
  }

  function setMode(mono) {
    screen.mono = mono;
    height = mono ? 14 : 16;
    font = decode(desc.fonts[String(height)]);
    band = mono ? [0, 0, 0, 0] : desc.band;   // the MDA has no border colour
    colours = (mono ? desc.phosphors[phosphor] || desc.phosphors.green : desc.vga).map(packed);
    canvas.width = COLS * desc.cellWidth + band[2] + band[3];
    canvas.height = ROWS * height + band[0] + band[1];
    image = context.createImageData(canvas.width, canvas.height);
    pixels = new Uint32Array(image.data.buffer);
    dirty.fill(1);
    anyDirty = bandDirty = true;
    shown = { blink: null, cursor: null, cursorCell: -1 };
    fit();
  }

  // How the MDA reads an attribute (raster.mda_attribute): [fg level, bg level, underline].
  function mda(attr) {
    const fg = attr & 7, bg = (attr >> 4) & 7;
    if (fg === 0 && bg === 0) return [0, 0, false];
    if (fg === 0 && bg === 7) return [0, attr & 0x80 ? 2 : 1, false];
    return [attr & 0x08 ? 2 : 1, 0, fg === 1];
  }

  // The attribute a hidden (blinking, off phase) cell is drawn in, as a blank (char 0).
  function hiddenAttr(attr) {
    if (screen.mono) return (attr & 0x77) === 0x70 ? 0x70 : 0x00;
    return attr & 0x70;
  }

  function cursorLines() {
    const h = screen.mono ? 14 : 16;
    let start = screen.cursor[2], end = screen.cursor[3];
    if (end >= h) {
      const shift = end - (h - 1);
      start -= shift;
      end -= shift;
    }
    start = Math.max(0, start);
    return start <= end ? [start, end + 1] : null;
  }

  function drawCell(index, state, cursorOn) {
    const row = Math.floor(index / COLS), col = index % COLS;
    let ch = chars[index], attr = attrs[index];
    // The tile slot: bit 7 is a bright background with blink off; with blink on it is
    // ignored in the shown phase, and a blinking cell is a blank in the hidden phase.
    let slot = attr;
    if (state === 2 && attr >= 0x80) {
      slot = hiddenAttr(attr);
      ch = 0;
    } else if (state !== 0) {
      slot = attr & 0x7f;
    }
    let fg, bg, underline = false;
    if (screen.mono) {
      [fg, bg, underline] = mda(slot);
    } else {
      fg = slot & 0x0f;
      bg = slot >> 4;
    }
    const fore = colours[fg], back = colours[bg];
    const width = canvas.width, cellWidth = desc.cellWidth;
    const lineGraphics = ch >= desc.lineGraphics[0] && ch < desc.lineGraphics[1];
    let at = (band[0] + row * height) * width + band[2] + col * cellWidth;
    for (let line = 0; line < height; line++, at += width) {
      const bits = underline && line === height - 1 ? 0xff : font[ch * height + line];
      for (let x = 0; x < 8; x++) pixels[at + x] = (bits >> (7 - x)) & 1 ? fore : back;
      // The 9th column repeats the 8th for the line-drawing codes, else background.
      pixels[at + 8] = (lineGraphics || (underline && line === height - 1)) && bits & 1
        ? fore : back;
    }
    if (cursorOn && screen.cursor[4] && index === screen.cursor[0] * COLS + screen.cursor[1]) {
      const lines = cursorLines();
      if (lines) {
        const cursorAttr = state === 2 && attrs[index] >= 0x80 ? hiddenAttr(attrs[index])
          : state === 0 ? attrs[index] : attrs[index] & 0x7f;
        let level = cursorAttr & 0x0f;
        if (screen.mono) level = mda(cursorAttr)[0] || 1;
        const colour = colours[level];
        let start = (band[0] + row * height + lines[0]) * width + band[2] + col * cellWidth;
        for (let line = lines[0]; line < lines[1]; line++, start += width) {
          pixels.fill(colour, start, start + cellWidth);
        }
      }
    }
  }

  function draw() {
    if (!image) return;
    const now = phases();
    const state = screen.blink ? (now.blink ? 1 : 2) : 0;
    if (now.blink !== shown.blink) {   // every blinking cell changes look
      if (screen.blink) for (let i = 0; i < CELLS; i++) if (attrs[i] >= 0x80) dirty[i] = anyDirty = 1;
      shown.blink = now.blink;
    }
    const cursorCell = screen.cursor[0] * COLS + screen.cursor[1];
    if (now.cursor !== shown.cursor || cursorCell !== shown.cursorCell) {
      if (shown.cursorCell >= 0 && shown.cursorCell < CELLS) dirty[shown.cursorCell] = 1;
      if (cursorCell < CELLS) dirty[cursorCell] = 1;
      anyDirty = true;
      shown.cursor = now.cursor;
      shown.cursorCell = cursorCell;
    }
    if (bandDirty) {
      pixels.fill(colours[screen.mono ? 0 : screen.border & 0x0f]);
      dirty.fill(1);
      anyDirty = true;
      bandDirty = false;
    }
    if (!anyDirty) return;
    let first = ROWS, last = -1;
    for (let i = 0; i < CELLS; i++) {
      if (!dirty[i]) continue;
      drawCell(i, state, now.cursor);
      dirty[i] = 0;
      const row = Math.floor(i / COLS);
      if (row < first) first = row;
      last = row;
    }
    anyDirty = false;
    if (last < 0) return;
    if (first === 0 && last === ROWS - 1) {
      context.putImageData(image, 0, 0);
    } else {
      const top = band[0] + first * height;
      context.putImageData(image, 0, 0, 0, top, canvas.width, (last - first + 1) * height);
    }
  }

  function animate() {
    draw();
    requestAnimationFrame(animate);
  }

  function applyFrame(message) {
    machineNow = message.now;
    receivedAt = performance.now() / 1000;
    if (message.mono !== screen.mono) setMode(message.mono);
    if (message.border !== screen.border) bandDirty = true;
    if (message.blink !== screen.blink) dirty.fill(1);
    screen.border = message.border;
    screen.blink = message.blink;
    const old = screen.cursor;
    if (old.join() !== message.cursor.join()) {
      dirty[old[0] * COLS + old[1]] = 1;
      screen.cursor = message.cursor;
    }
    const cells = message.cells;
    for (let i = 0; i < cells.length; i += 3) {
      const index = cells[i];
      chars[index] = cells[i + 1];
      attrs[index] = cells[i + 2];
      dirty[index] = 1;
    }
    anyDirty = true;
    page.frames++;
  }

  // -- sizing: the largest 4:3 picture the window holds, scaled by the browser -------------

  function fit() {
    const stage = document.getElementById("stage");
    const width = Math.max(1, Math.min(stage.clientWidth, stage.clientHeight * 4 / 3));
    canvas.style.width = width + "px";
    canvas.style.height = width * 3 / 4 + "px";
  }
  window.addEventListener("resize", fit);
  document.addEventListener("fullscreenchange", fit);

  // -- sound: the speaker's tones as square waves ------------------------------------------

  let audio = null, gain = null;
  const voices = new Set();

  function startAudio() {   // browsers allow sound only after a key or a click
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) {
      if (!page.closed) say("Alt+Enter: full screen.  Ctrl+F5: save a picture.");
      audio = new Context();
      gain = audio.createGain();
      gain.gain.value = SPEAKER_GAIN;
      gain.connect(audio.destination);
    }
    if (audio && audio.state === "suspended") audio.resume();
  }

  function playTones(message) {
    page.tones += message.segs.length;
    if (!audio) return;
    const offset = audio.currentTime - message.now;   // machine time -> audio time
    for (const [start, seconds, hz] of message.segs) {
      if (hz === null || hz * 2 > audio.sampleRate) continue;   // a rest, or inaudible
      const begin = Math.max(audio.currentTime, offset + start), end = offset + start + seconds;
      if (end <= begin) continue;
      const voice = audio.createOscillator();
      voice.type = "square";
      voice.frequency.value = hz;
      voice.connect(gain);
      voice.start(begin);
      voice.stop(end);
      voice.onended = () => voices.delete(voice);
      voices.add(voice);
    }
  }

  function hush() {
    page.hushes++;
    for (const voice of voices) voice.stop();
    voices.clear();
  }

  // -- keys and clicks ---------------------------------------------------------------------

  let held = null, repeatTimer = null;

  function send(message) {
    const socket = page.socket;
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      page.sent++;
    }
  }

  function stopRepeat() {
    clearTimeout(repeatTimer);
    held = null;
  }

  function press(name, code) {
    send({ t: "key", k: name });
    stopRepeat();
    held = code;
    const repeat = () => {
      send({ t: "key", k: name });
      repeatTimer = setTimeout(repeat, 1000 / REPEAT_RATE_HZ);
    };
    repeatTimer = setTimeout(repeat, REPEAT_DELAY_MS);
  }

  window.addEventListener("keydown", (event) => {
    startAudio();
    if (event.key === "Enter" && event.altKey) {
      event.preventDefault();
      toggleFullscreen();
      return;
    }
    if (event.key === "F5" && event.ctrlKey) {
      event.preventDefault();
      savePicture();
      return;
    }
    const named = NAMED[event.key];
    // AltGr types characters (@, \, { on many European layouts); on Windows the browser
    // reports it as Ctrl+Alt, so it is asked for by name.
    const altGraph = event.getModifierState && event.getModifierState("AltGraph");
    const character = [...event.key].length === 1 &&
      (altGraph || (!event.ctrlKey && !event.metaKey && !event.altKey)) ? event.key : null;
    if (!named && !character) return;   // Ctrl+W and the like keep the browser's meaning
    event.preventDefault();             // F5 must not reload, F1 not open help, Tab not move
    if (!event.repeat) press(named || character, event.code);
  });
  window.addEventListener("keyup", (event) => {
    if (event.code === held) stopRepeat();
  });
  window.addEventListener("blur", stopRepeat);

  function cellAt(x, y) {
    const rect = canvas.getBoundingClientRect();
    const fx = (x - rect.left) * canvas.width / rect.width - band[2];
    const fy = (y - rect.top) * canvas.height / rect.height - band[0];
    const col = Math.floor(fx / desc.cellWidth), row = Math.floor(fy / height);
    return row >= 0 && row < ROWS && col >= 0 && col < COLS ? [row, col] : null;
  }
  page.cellAt = cellAt;

  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 && event.button !== 2) return;
    event.preventDefault();
    canvas.focus();
    startAudio();
    const cell = cellAt(event.clientX, event.clientY);
    if (cell) send({ t: "click", row: cell[0], col: cell[1],
                     button: event.button === 2 ? "right" : "left" });
  });
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());

  // -- full screen and pictures ------------------------------------------------------------

  function toggleFullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => {});
  }

  let pictures = 0;
  function savePicture() {
    draw();
    canvas.toBlob((blob) => {
      pictures++;
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = `${programName}-${String(pictures).padStart(3, "0")}.png`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      say(`Picture saved: ${link.download}`);
    }, "image/png");
  }
  document.getElementById("save").addEventListener("click", savePicture);
  document.getElementById("full").addEventListener("click", toggleFullscreen);

  // -- tests: the cells, a drawing at fixed phases, the pixels -----------------------------

  page.cells = () => ({ chars: Array.from(chars), attrs: Array.from(attrs), mono: screen.mono,
                        border: screen.border, blink: screen.blink, cursor: screen.cursor });
  page.render = (phase) => {
    page.phase = phase;
    dirty.fill(1);
    anyDirty = bandDirty = true;
    draw();
  };
  page.pixels = () => {   // RGB bytes of the canvas, base64
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let text = "";
    for (let i = 0; i < data.length; i += 4) {
      text += String.fromCharCode(data[i], data[i + 1], data[i + 2]);
    }
    return btoa(text);
  };

  // -- the session ---------------------------------------------------------------------------

  function say(text) {
    statusLine.textContent = text;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws${location.search}`);
    page.socket = socket;
    socket.onopen = () => say("Click the screen or press a key: the sound starts with the first one.");
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.t === "frame") applyFrame(message);
      else if (message.t === "tones") playTones(message);
      else if (message.t === "hush") hush();
      else if (message.t === "end") page.ended = message;
    };
    socket.onclose = (event) => {
      page.closed = { code: event.code, reason: event.reason };
      stopRepeat();
      hush();
      const why = event.reason || "the connection to the server was lost";
      say(`The session has ended: ${why}. Reload the page to play again.`);
    };
  }

  fetch("/machine.json").then((response) => response.json()).then((found) => {
    desc = found;
    setMode(false);
    connect();
    requestAnimationFrame(animate);
  });
  canvas.focus();
})();
