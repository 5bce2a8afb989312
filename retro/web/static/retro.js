// The page of `retro serve`: draws the 80x25 machine the session sends, pixel for pixel as
// retro/pictures/raster.py draws it (the same fonts, palettes, 9th-column rule, MDA
// attributes, blink and cursor phases), and sends keys, clicks and taps back.  A touch
// screen gets a row of the game's keys and the phone's own keyboard.  See docs/web.md.
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
  // How far from 4:3 a whole-pixel picture may be (retro/pictures/scaling.py ASPECT_SLACK).
  const ASPECT_SLACK = 0.03;

  // The programs, their titles (retro.programs) and the keys each one uses, for the key row.
  const F_KEYS = (...numbers) => numbers.map((n) => "F" + n);
  const ARROWS = ["LEFT", "UP", "DOWN", "RIGHT"];
  const PROGRAMS = {
    launcher: { title: null, keys: ["ESC", "UP", "DOWN", "ENTER"] },
    yucky: { title: "Yucky Lucky You!",
             keys: ["ESC", ...F_KEYS(1, 2, 3, 5, 6, 8, 9, 10), "Y", "N", "BKSP", "ENTER"] },
    pigpoker: { title: "Pig Poker",
                keys: ["ESC", ...F_KEYS(1, 2, 3, 5, 6, 7, 8, 9, 10), "Y", "N", ...ARROWS,
                       "BKSP", "ENTER"] },
    sixtysix: { title: "Sixty-Six",
                keys: ["ESC", ...F_KEYS(1, 2, 5, 7, 10), "Y", "N", "UP", "DOWN", "PGUP", "PGDN",
                       "ENTER"] },
    checkers: { title: "Checkers and Weckers",
                keys: ["ESC", ...F_KEYS(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), "Y", "N", ...ARROWS,
                       "TAB", "BKSP", "ENTER"] },
    yz: { title: "YZ", keys: ["ESC", ...F_KEYS(1, 5, 10), ...ARROWS, "TAB", "ENTER"] },
    charmap: { title: "Character and attribute chart",
               keys: ["ESC", "PGUP", "PGDN", ...ARROWS, "ENTER"] },
  };
  const KEY_LABELS = {
    ESC: "Esc", ENTER: "Enter \u21b5", TAB: "Tab", BKSP: "\u232b", UP: "\u2191", DOWN: "\u2193",
    LEFT: "\u2190", RIGHT: "\u2192", PGUP: "PgUp", PGDN: "PgDn",
  };
  // The games menu (retro/programs/launcher.py): its top line, hint line and first item row.
  const MENU_TOP_LINE = "text-mode games", MENU_HINT = "Enter play", MENU_FIRST_ROW = 7;

  const canvas = document.getElementById("screen");
  const context = canvas.getContext("2d", { alpha: false });
  const picture = document.getElementById("picture");
  const stage = document.getElementById("stage");
  const statusLine = document.getElementById("status");
  const keyRow = document.getElementById("keys");
  const typing = document.getElementById("typing");
  const endedBox = document.getElementById("ended");
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const phosphor = query.get("phosphor") || "green";
  const touch = window.matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;

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
    draws: 0,             // times the canvas was redrawn
    sent: 0,              // key and click messages sent
    tones: 0,             // tone segments received
    hushes: 0,
    clips: 0,             // clip answers received
    phase: null,          // tests: {blink: bool, cursor: bool} fixes the phases
    closed: null,         // {code, reason} once the session ended
    ended: null,          // the session's end message (its notices)
    socket: null,
    program: query.get("program") || "launcher",   // the program running now
    touch,
    programs: PROGRAMS,
  };
  window.retroPage = page;

  // -- drawing (retro/pictures/raster.py, cell by cell) -------------------------------------

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

  // The scan lines [first, end) the cursor covers (raster.cursor_lines): VGA terms, moved up
  // on the 14-line MDA cell so that a shape reaching past line 13 ends on it.
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
    const top = band[0] + row * height, left = band[2] + col * cellWidth;
    let at = top * width + left;
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
        for (let line = lines[0]; line < lines[1]; line++) {
          const start = (top + line) * width + left;
          pixels.fill(colour, start, start + cellWidth);
        }
      }
    }
  }

  function blinkingCells() {
    if (!screen.blink) return false;
    for (let i = 0; i < CELLS; i++) if (attrs[i] >= 0x80) return true;
    return false;
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
    page.draws++;
    if (first === 0 && last === ROWS - 1) {
      context.putImageData(image, 0, 0);
    } else {
      const top = band[0] + first * height;
      context.putImageData(image, 0, 0, 0, top, canvas.width, (last - first + 1) * height);
    }
  }

  // -- when to draw: on a frame, and when the blink or the cursor phase turns; nothing else

  let drawRequested = false, phaseTimer = null;

  function requestDraw() {
    if (drawRequested) return;
    drawRequested = true;
    requestAnimationFrame(() => {
      drawRequested = false;
      draw();
      schedulePhase();
    });
  }

  // The next turn of a phase that shows: the cursor's (when it is visible) or the blink's
  // (when a cell blinks).  No timer at all when neither shows, nor once the session ended.
  function schedulePhase() {
    clearTimeout(phaseTimer);
    phaseTimer = null;
    if (!desc || page.phase || page.closed) return;
    const periods = [];
    if (screen.cursor[4] && screen.cursor[0] < ROWS && screen.cursor[1] < COLS && cursorLines()) {
      periods.push(desc.cursorFrames);
    }
    if (blinkingCells()) periods.push(desc.blinkFrames);
    if (!periods.length) return;
    const frame = frameNumber(machineTime());
    const next = Math.min(...periods.map((p) => (Math.floor(frame / p) + 1) * p));
    const wait = Math.max(0, (next / desc.frameHz - machineTime()) * 1000);
    phaseTimer = setTimeout(requestDraw, wait + 1);
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
    followProgram();
    requestDraw();
  }

  // -- which program runs: the link's, or the one picked in the games menu ----------------

  function rowText(row) {
    return String.fromCharCode(...chars.subarray(row * COLS, (row + 1) * COLS));
  }

  function menuShown() {
    return rowText(0).includes(MENU_TOP_LINE) && rowText(ROWS - 1).includes(MENU_HINT);
  }

  // The program named at the end of a menu item ("  YZ    yz "), or null.
  function menuItem(row) {
    if (row < MENU_FIRST_ROW || row >= ROWS - 1) return null;
    const words = rowText(row).replace(/[^ -~]/g, " ").trim().split(/\s+/);
    const name = words[words.length - 1];
    return Object.hasOwn(PROGRAMS, name) && name !== "launcher" ? name : null;
  }

  let inMenu = false, menuChoice = null;
  let clickedItem = null;   // a menu item clicked: it starts at once, never highlighted

  function followProgram() {
    if (menuShown()) {
      inMenu = true;
      menuChoice = null;
      for (let row = MENU_FIRST_ROW; row < ROWS - 1; row++) {   // the highlighted item
        if (attrs[row * COLS + 20] === 0x70 && menuItem(row)) menuChoice = menuItem(row);
      }
      setProgram("launcher");
    } else if (inMenu) {
      inMenu = false;
      if (clickedItem) menuChoice = clickedItem;
      clickedItem = null;
      if (menuChoice) setProgram(menuChoice);
    }
  }

  function setProgram(name) {
    const known = Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name] : null;
    const title = known && known.title;
    document.title = title ? `${title} - retro` : "retro";
    if (page.program === name && keyRow.childElementCount) return;
    page.program = name;
    buildKeys(known ? known.keys : ["ESC", ...F_KEYS(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), "Y", "N",
                                    ...ARROWS, "TAB", "BKSP", "ENTER"]);
  }

  // -- sizing: the largest 4:3 picture the stage holds, or whole factors ------------------

  let wholePixels = (query.get("scaling") || hash.get("scaling")) === "integer";
  try {
    const kept = localStorage.getItem("retro.scaling");
    if (!query.has("scaling") && !hash.has("scaling") && kept) wholePixels = kept === "integer";
  } catch (error) { /* no storage: the link decides */ }

  // Whole (across, down) factors of the frame whose picture is 4:3 within ASPECT_SLACK,
  // the largest that fits (retro/pictures/scaling.py integer_factors); null if none fits.
  function integerFactors(win, frame) {
    let best = null;
    for (let across = 1; across <= Math.floor(win[0] / frame[0]); across++) {
      for (let down = 1; down <= Math.floor(win[1] / frame[1]); down++) {
        const shape = across * frame[0] * 3 / (down * frame[1] * 4);
        if (Math.abs(shape - 1) <= ASPECT_SLACK && (!best || across * down > best[0] * best[1])) {
          best = [across, down];
        }
      }
    }
    return best;
  }

  // Where the picture goes in the stage, in CSS pixels: [left, top, width, height].  With
  // whole pixels the size and place are whole device pixels; on a narrow portrait screen
  // the picture keeps to the top, under the thumb's reach of the keys.
  function placement(stageWidth, stageHeight, ratio) {
    const frame = [canvas.width, canvas.height];
    const factors = wholePixels &&
      integerFactors([Math.floor(stageWidth * ratio), Math.floor(stageHeight * ratio)], frame);
    let width, height;
    if (factors) {
      width = factors[0] * frame[0];
      height = factors[1] * frame[1];
    } else {
      if (stageWidth * 3 / 4 <= stageHeight) {   // as wide as the stage
        width = Math.max(1, Math.floor(stageWidth * ratio));
        height = Math.max(1, Math.round(width * 3 / 4));
      } else {                                   // as tall as the stage
        height = Math.max(1, Math.floor(stageHeight * ratio));
        width = Math.max(1, Math.round(height * 4 / 3));
      }
    }
    const left = Math.floor((stageWidth * ratio - width) / 2);
    const portrait = stageHeight > stageWidth * 1.2;
    const top = portrait ? 0 : Math.floor((stageHeight * ratio - height) / 2);
    return [left / ratio, top / ratio, width / ratio, height / ratio];
  }
  page.placement = placement;

  function fit() {
    const [left, top, width, height] = placement(stage.clientWidth, stage.clientHeight,
                                                 window.devicePixelRatio || 1);
    picture.style.left = left + "px";
    picture.style.top = top + "px";
    picture.style.width = width + "px";
    picture.style.height = height + "px";
  }
  window.addEventListener("resize", fit);
  document.addEventListener("fullscreenchange", fit);
  new ResizeObserver(fit).observe(stage);

  function setWholePixels(on) {
    wholePixels = on;
    document.getElementById("whole").setAttribute("aria-pressed", String(on));
    try { localStorage.setItem("retro.scaling", on ? "integer" : "sharp"); } catch (error) { }
    fit();
  }
  document.getElementById("whole").addEventListener("click", () => setWholePixels(!wholePixels));
  document.getElementById("whole").setAttribute("aria-pressed", String(wholePixels));

  // -- sound: the speaker's tones as square waves ------------------------------------------

  let audio = null, gain = null;
  const voices = new Set();

  function startAudio() {   // browsers allow sound only after a key or a tap
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) {
      audio = new Context();
      gain = audio.createGain();
      gain.gain.value = SPEAKER_GAIN;
      gain.connect(audio.destination);
      if (!page.closed) say(HELP);
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

  // -- keys, taps and clicks -----------------------------------------------------------------

  let held = null, repeatTimer = null;

  // A key or click for the game; false once the session has ended (the page then says so).
  function send(message) {
    const socket = page.socket;
    if (socket && socket.readyState === WebSocket.OPEN) {
      if (message.t === "key") clickedItem = null;   // a key starts the highlighted item
      socket.send(JSON.stringify(message));
      page.sent++;
      return true;
    }
    if (page.closed) showEnded(true);
    return false;
  }

  function stopRepeat() {
    clearTimeout(repeatTimer);
    held = null;
  }

  function press(name, code) {
    stopRepeat();
    if (!send({ t: "key", k: name })) return;
    held = code;
    const repeat = () => {
      if (!send({ t: "key", k: name })) return;
      repeatTimer = setTimeout(repeat, 1000 / REPEAT_RATE_HZ);
    };
    repeatTimer = setTimeout(repeat, REPEAT_DELAY_MS);
  }

  window.addEventListener("keydown", (event) => {
    if (page.closed) {   // Enter or Space starts again; other keys show why nothing happens
      if (event.target === document.getElementById("again")) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;   // Ctrl+W closes the tab
      if (NAMED[event.key] || [...event.key].length === 1) event.preventDefault();
      if (event.key === "Enter" || event.key === " ") startAgain();
      else showEnded(true);
      return;
    }
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

  // The phone's keyboard types into the hidden input: its keydowns often say only
  // "Unidentified", so the text is read from what was typed, then cleared.  The input keeps
  // one space, so that Backspace always has something to delete (a phone's keyboard sends
  // nothing for it in an empty field).
  const KEPT = " ";
  function clearTyping() {
    typing.value = KEPT;   // the caret goes after it
  }
  typing.addEventListener("focus", clearTyping);
  typing.addEventListener("beforeinput", (event) => {
    if (event.inputType.startsWith("delete")) {
      event.preventDefault();
      send({ t: "key", k: "BKSP" });
    } else if (event.inputType === "insertLineBreak" || event.inputType === "insertParagraph") {
      event.preventDefault();
      send({ t: "key", k: "ENTER" });
    }
  });
  typing.addEventListener("input", () => {
    const text = typing.value;
    if (!text.includes(KEPT)) send({ t: "key", k: "BKSP" });   // deleted without beforeinput
    for (const character of text.replace(KEPT, "")) send({ t: "key", k: character });
    clearTyping();
  });
  typing.addEventListener("keydown", (event) => {   // a phone's Enter
    if (event.key === "Enter" && !event.altKey) {
      event.preventDefault();
      event.stopPropagation();
      send({ t: "key", k: "ENTER" });
    }
  });

  function openTyping() {
    typing.focus({ preventScroll: true });
  }
  document.getElementById("typing-button").addEventListener("pointerdown", (event) => {
    event.preventDefault();   // keep the focus where the keyboard needs it
    if (document.activeElement === typing) typing.blur();
    else openTyping();
  });

  // The row of the game's keys: pressed on touch, held ones repeat as a key held.
  function buildKeys(names) {
    keyRow.replaceChildren(...names.map((name) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.key = name;
      button.textContent = KEY_LABELS[name] || name;
      return button;
    }));
  }
  keyRow.addEventListener("pointerdown", (event) => {
    const button = event.target.closest("button[data-key]");
    if (!button) return;
    event.preventDefault();   // no focus change: the phone's keyboard stays open
    startAudio();
    press(button.dataset.key, "row:" + button.dataset.key);
  });
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
    keyRow.addEventListener(end, () => { if (held && held.startsWith("row:")) stopRepeat(); });
  }
  keyRow.addEventListener("click", (event) => {   // a keyboard's Enter or Space on a key
    const button = event.target.closest("button[data-key]");
    if (button && event.detail === 0) send({ t: "key", k: button.dataset.key });
  });

  function showKeys(on) {
    keyRow.hidden = !on;
    document.getElementById("show-keys").setAttribute("aria-pressed", String(on));
  }
  document.getElementById("show-keys").addEventListener("click", () => showKeys(keyRow.hidden));
  showKeys(touch || hash.get("keys") === "on");

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
    // The cell first, before anything (the sound starting, the status line) can change
    // the page.
    const cell = desc ? cellAt(event.clientX, event.clientY) : null;
    event.preventDefault();
    if (document.activeElement !== typing) canvas.focus({ preventScroll: true });
    startAudio();
    if (!cell) return;
    if (inMenu) clickedItem = event.button === 0 ? menuItem(cell[0]) : null;
    send({ t: "click", row: cell[0], col: cell[1], button: event.button === 2 ? "right" : "left" });
  });
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());

  // -- full screen, sideways and pictures ----------------------------------------------------

  function toggleFullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => {});
  }

  // Sideways: full screen, then the orientation locked (phones allow it in full screen).
  function landscape() {
    const orientation = window.screen.orientation;
    const lock = () => orientation && orientation.lock
      ? orientation.lock("landscape").catch(() => {}) : null;
    if (document.fullscreenElement) lock();
    else document.documentElement.requestFullscreen().then(lock).catch(() => {});
  }

  let pictures = 0, clips = 0;
  function pictureName(number, suffix = "png") {
    const known = Object.hasOwn(PROGRAMS, page.program) ? PROGRAMS[page.program].title : null;
    const stem = known ? known.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") : "retro";
    return `${stem}-${String(number).padStart(3, "0")}.${suffix}`;
  }
  page.pictureName = pictureName;

  function download(blob, name) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  function savePicture() {
    draw();
    canvas.toBlob((blob) => {
      pictures++;
      const name = pictureName(pictures);
      download(blob, name);
      say(`Picture saved: ${name}`);
    }, "image/png");
  }
  document.getElementById("save").addEventListener("click", savePicture);

  // The clip: the session keeps its last minute and answers on this socket with a GIF
  // (retro/web/history.py), made of the same frames as retro run --gif.
  const clipButton = document.getElementById("clip");
  function saveClip() {
    if (clipButton.disabled) return;
    if (!send({ t: "clip" })) return;
    clipButton.disabled = true;
    say("Making the clip of the last minute\u2026");
  }
  function gotClip(message) {
    clipButton.disabled = false;
    page.clips++;
    if (message.error) {
      say(`No clip: ${message.error}.`);
      return;
    }
    const bytes = Uint8Array.from(atob(message.gif), (c) => c.charCodeAt(0));
    clips++;
    const name = pictureName(clips, "gif");
    download(new Blob([bytes], { type: "image/gif" }), name);
    say(`Clip saved: ${name} (${(message.ms / 1000).toFixed(1)} s)`);
  }
  clipButton.addEventListener("click", saveClip);
  document.getElementById("full").addEventListener("click", toggleFullscreen);
  document.getElementById("landscape").addEventListener("click", landscape);

  // -- tests: the cells, a drawing at fixed phases, the pixels -----------------------------

  page.cells = () => ({ chars: Array.from(chars), attrs: Array.from(attrs), mono: screen.mono,
                        border: screen.border, blink: screen.blink, cursor: screen.cursor });
  page.shown = () => ({ blink: shown.blink, cursor: shown.cursor });
  // Whether the cells are newer than the canvas: a frame came and its drawing waits for the
  // next animation frame.
  page.drawPending = () => drawRequested;
  page.render = (phase) => {
    page.phase = phase;
    dirty.fill(1);
    anyDirty = bandDirty = true;
    draw();
    schedulePhase();
  };
  page.pixels = () => {   // RGB bytes of the canvas, base64
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let text = "";
    for (let i = 0; i < data.length; i += 4) {
      text += String.fromCharCode(data[i], data[i + 1], data[i + 2]);
    }
    return btoa(text);
  };

  // -- the session and its end ------------------------------------------------------------

  const HELP = touch
    ? "Tap the screen to click a cell; the keys below press keys; Type opens the keyboard."
    : "Alt+Enter: full screen.  Ctrl+F5: save a picture.  Keys: the game's keys on screen.";

  function say(text) {
    statusLine.textContent = text;
  }

  // Why a session ended, in the player's words, from the close code (retro/web/protocol.py).
  function endedWhy(code, reason) {
    switch (code) {
      case 1000: return ["The game has ended", "It was saved. Start again to play once more."];
      case 1001: return ["The server is stopping", "Your game was saved."];
      case 1013: return ["The server is full",
                         "Every place is taken. Try again in a little while."];
      case 4000: return ["Closed for lack of play",
                         "Nothing was pressed for a long time, so the game was saved and closed."];
      case 4001: return ["The game stopped unexpectedly", reason || "The server gave no reason."];
      case 1003: case 1008: case 1009:
        return ["The server ended this session", reason || "It received a message it refuses."];
      default: return ["The connection was lost",
                       reason || "The server could not be reached. Your last save is kept."];
    }
  }
  page.endedWhy = endedWhy;

  function showEnded(flash) {
    if (!page.closed) return;
    const [title, why] = endedWhy(page.closed.code, page.closed.reason);
    document.getElementById("ended-title").textContent = title;
    document.getElementById("ended-reason").textContent = why;
    endedBox.hidden = false;
    if (flash) {
      say(`${title}: press Enter or tap Start again.`);
      document.getElementById("again").focus({ preventScroll: true });
    }
  }

  function startAgain() {
    location.reload();
  }
  document.getElementById("again").addEventListener("click", startAgain);

  function ended(code, reason) {
    if (page.closed) return;
    page.closed = { code, reason };
    stopRepeat();
    hush();
    clearTimeout(phaseTimer);
    clipButton.disabled = true;
    typing.blur();
    const [title] = endedWhy(code, reason);
    say(`The session has ended: ${reason || title}.`);
    showEnded(false);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws${location.search}`);
    page.socket = socket;
    socket.onopen = () => say(touch
      ? "Tap the screen or a key: the sound starts with the first one."
      : "Click the screen or press a key: the sound starts with the first one.");
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.t === "frame") applyFrame(message);
      else if (message.t === "tones") playTones(message);
      else if (message.t === "hush") hush();
      else if (message.t === "clip") gotClip(message);
      else if (message.t === "end") page.ended = message;
    };
    socket.onclose = (event) => ended(event.code, event.reason);
  }

  setProgram(page.program);
  fetch("/machine.json").then((response) => response.json()).then((found) => {
    desc = found;
    setMode(false);
    draw();
    connect();
  }).catch(() => ended(1006, "the server did not answer"));
  canvas.focus({ preventScroll: true });
})();
