// The game's page: fills itself from the data the server embeds, follows the game over
// Server-Sent Events, and lets fingers (or a mouse) zoom and pan the map. No build step.
"use strict";
(function () {
  var data = JSON.parse(document.getElementById("data").textContent);
  var base = location.pathname.replace(/\/+$/, "");
  var $ = function (id) { return document.getElementById(id); };
  var slider = $("slider"), following = true, replayTimer = null;
  var PLAYABLE = 0.45;   // below this scale a map's places are too small for a finger

  // zoom and pan: a transform on the picture, driven by pointer events (one finger pans,
  // two pinch, the wheel and double-click zoom at the pointer)
  function zoomable(frame, img, onTap, playing) {
    var s = 1, x = 0, y = 0, fitted = true, pointers = new Map(), last = null, down = null;
    var marks = frame.querySelector(".marks");
    function fitScale() { return img.naturalWidth ? frame.clientWidth / img.naturalWidth : 1; }
    function clamp() {
      var w = img.naturalWidth * s, h = img.naturalHeight * s, fw = frame.clientWidth, fh = frame.clientHeight;
      x = w <= fw ? (fw - w) / 2 : Math.min(0, Math.max(fw - w, x));
      y = h <= fh ? (fh - h) / 2 : Math.min(0, Math.max(fh - h, y));
    }
    function apply() {
      clamp(); img.style.transform = "translate(" + x + "px," + y + "px) scale(" + s + ")";
      if (marks) marks.style.transform = img.style.transform;
    }
    function fit() {
      if (!img.naturalWidth) return;
      // inside Telegram the viewport's stable height: the one it keeps while the sheet is dragged
      var room = (tg && tg.viewportStableHeight) || window.innerHeight;
      var whole = Math.min(fitScale(), room * 0.78 / img.naturalHeight);
      if (playing && playing() && whole < PLAYABLE) {
        // a map to play on, too small whole (a phone): as tall as the screen allows, over the
        // whole width, opened on the places the choices name; "−" still shows it all
        frame.style.height = Math.max(240, room * 0.72) + "px";
        s = Math.min(1, Math.max(whole, frame.clientHeight / img.naturalHeight));
        var c = centre(); x = frame.clientWidth / 2 - c[0] * s; y = frame.clientHeight / 2 - c[1] * s;
      } else {
        frame.style.height = Math.max(200, img.naturalHeight * whole) + "px";
        s = Math.min(fitScale(), frame.clientHeight / img.naturalHeight); x = 0; y = 0;
      }
      fitted = true; apply();
    }
    function centre() {   // the middle of the outlined places (picture pixels), else of the picture
      var spans = marks ? marks.children : [], box = null;
      for (var i = 0; i < spans.length; i++) {
        var l = parseFloat(spans[i].style.left), t = parseFloat(spans[i].style.top);
        var r = l + parseFloat(spans[i].style.width), b = t + parseFloat(spans[i].style.height);
        box = box ? [Math.min(box[0], l), Math.min(box[1], t), Math.max(box[2], r), Math.max(box[3], b)] : [l, t, r, b];
      }
      return box ? [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] : [img.naturalWidth / 2, img.naturalHeight / 2];
    }
    function zoomAt(cx, cy, factor) {
      var min = Math.min(fitScale(), frame.clientHeight / img.naturalHeight), ns = Math.max(min, Math.min(4, s * factor));
      x = cx - (cx - x) * ns / s; y = cy - (cy - y) * ns / s; s = ns; fitted = false; apply();
    }
    function local(e) { var r = frame.getBoundingClientRect(); return { x: e.clientX - r.left, y: e.clientY - r.top }; }
    function pair() {
      var p = Array.from(pointers.values());
      return { x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2, d: Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) };
    }
    frame.addEventListener("pointerdown", function (e) {
      try { frame.setPointerCapture(e.pointerId); } catch (err) { /* a pointer the browser does not track */ }
      pointers.set(e.pointerId, local(e));
      last = pointers.size === 2 ? pair() : local(e); frame.classList.add("dragging");
      down = pointers.size === 1 ? { p: local(e), t: Date.now() } : null;   // a tap, unless it moves or pinches
    });
    frame.addEventListener("pointermove", function (e) {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, local(e));
      if (pointers.size === 1) {
        var p = local(e); x += p.x - last.x; y += p.y - last.y; last = p; fitted = false; apply();
      } else if (pointers.size === 2) {
        var q = pair(); x += q.x - last.x; y += q.y - last.y;
        if (last.d) zoomAt(q.x, q.y, q.d / last.d); else apply();
        last = q;
      }
    });
    function up(e) {
      var p = local(e);
      if (onTap && down && e.type === "pointerup" && Math.hypot(p.x - down.p.x, p.y - down.p.y) < 10 &&
          Date.now() - down.t < 600) onTap((p.x - x) / s, (p.y - y) / s);
      down = null;
      pointers.delete(e.pointerId); frame.classList.remove("dragging");
      last = pointers.size ? (pointers.size === 2 ? pair() : Array.from(pointers.values())[0]) : null;
    }
    frame.addEventListener("pointerup", up); frame.addEventListener("pointercancel", up);
    // a finger's tap is handled above; the click the browser would make of it afterwards is not
    // wanted: the tap may show the chosen line above the map, and that click would land on the
    // key moved into its place (the "hint" key was pressed so)
    frame.addEventListener("touchend", function (e) { if (e.cancelable) e.preventDefault(); }, { passive: false });
    frame.addEventListener("wheel", function (e) {
      e.preventDefault(); var p = local(e); zoomAt(p.x, p.y, Math.exp(-e.deltaY * 0.0015));
    }, { passive: false });
    frame.addEventListener("dblclick", function (e) { var p = local(e); zoomAt(p.x, p.y, 2); });
    img.addEventListener("load", function () { if (fitted) fit(); else apply(); });
    window.addEventListener("resize", function () { if (fitted) fit(); else apply(); });
    var tools = frame.parentNode.querySelector(".tools");
    tools.addEventListener("click", function (e) {
      var what = e.target.getAttribute("data-zoom"), c = { x: frame.clientWidth / 2, y: frame.clientHeight / 2 };
      if (what === "in") zoomAt(c.x, c.y, 1.5); else if (what === "out") zoomAt(c.x, c.y, 1 / 1.5); else if (what) fit();
    });
    return { scale: function () { return s; } };
  }

  // Telegram: inside a Mini App every call carries the initData Telegram signed; the theme's
  // colours, the back key and the stable height come from it. Outside, the signed link is enough.
  var tg = window.Telegram && window.Telegram.WebApp && window.Telegram.WebApp.initData ? window.Telegram.WebApp : null;
  function auth() { return tg ? { "Authorization": "tma " + tg.initData } : {}; }
  if (tg) {
    document.body.classList.add("tg");
    var theme = tg.themeParams || {}, root = document.documentElement.style;
    [["bg_color", "--tg-bg"], ["text_color", "--tg-text"], ["button_color", "--tg-button"],
      ["button_text_color", "--tg-button-text"], ["hint_color", "--soft"], ["link_color", "--accent"]
    ].forEach(function (pair) { if (theme[pair[0]]) root.setProperty(pair[1], theme[pair[0]]); });
    if (tg.ready) tg.ready();
    if (tg.expand) tg.expand();
    // the maps fit the stable height again once the sheet settles
    if (tg.onEvent) tg.onEvent("viewportChanged", function () { window.dispatchEvent(new Event("resize")); });
  }

  // playing: the seat's choices as the chat's menu tree, drawn as buttons; a tap on the map
  // narrows them to the lines naming what is there (or picks a highlighted option); "play"
  // sends the line through the server, which alone decides. Nothing here judges a move.
  var play = (function () {
    var tree = null, stack = [], filter = null, chosen = null, pressKey = null, shownVersion = null, busy = false;
    function words(line) { return (" " + line.toLowerCase() + " "); }
    function names(line, list) {
      var w = words(line);
      return list.some(function (n) { return w.indexOf(" " + String(n).toLowerCase() + " ") >= 0; });
    }
    function level() { return stack.length ? stack[stack.length - 1].children || [] : tree; }
    function leaves(nodes, out, above) {   // every line under these nodes, each labelled from here down
      nodes.forEach(function (n) {
        var full = n.more ? (above || "") : (above ? above + " › " : "") + n.label;
        if (n.line) out.push({ line: n.line, label: full, words: n.words });
        if (n.children) leaves(n.children, out, full);
      });
      return out;
    }
    function button(label, cls, onClick) {
      var b = document.createElement("button"); b.type = "button"; b.textContent = label;
      if (cls) b.className = cls; b.addEventListener("click", onClick); return b;
    }
    function open(node) {
      filter = null;
      if (node.line && !node.children) { choose(node.line, where(node.label)); return; }
      stack.push(node); chosen = null; draw();
    }
    function where(label) {   // a choice's label after the levels chosen on the way to it
      return stack.filter(function (n) { return !n.more; }).map(function (n) { return n.label; })
        .concat([label]).join(" › ");
    }
    function back() { if (filter) filter = null; else stack.pop(); chosen = null; draw(); }
    function choose(line, label) {
      chosen = line; pressKey = null; $("chosen-line").textContent = label || line; draw();
      if (data.game === "infinity" && /^place /.test(line)) check(line);
    }
    function draw() {
      var box = $("options"); box.textContent = "";
      var shown = filter ? leaves(level(), []).filter(function (n) { return names(n.line, filter); }) : level();
      if (stack.length || filter) box.appendChild(button("‹ " + (data.words.back || "Back"), "back", back));
      shown.forEach(function (n) {
        box.appendChild(button(n.more ? (data.words.more || "More…") : n.label, n.line ? "leaf" : "", function () {
          open(n);
        }));
      });
      $("trail").textContent = stack.filter(function (n) { return !n.more; }).map(function (n) {
        return n.label; }).join(" › ");
      $("chosen").hidden = !chosen;
      $("send").textContent = data.words.play || "Play";
      if (tg && tg.BackButton) { if (stack.length || filter) tg.BackButton.show(); else tg.BackButton.hide(); }
      mark(shown);
    }
    function mark(shown) {   // the map's places the options name, outlined
      var marks = $("marks"); marks.textContent = "";
      if (!data.regions) return;
      var lines = leaves(shown, []).map(function (n) { return n.line; });
      data.regions.regions.forEach(function (r) {
        if (!lines.some(function (w) { return names(w, r.names); })) return;
        var s = document.createElement("span"), b = r.box;
        s.style.left = b[0] + "px"; s.style.top = b[1] + "px";
        s.style.width = (b[2] - b[0]) + "px"; s.style.height = (b[3] - b[1]) + "px";
        marks.appendChild(s);
      });
      if (chosen && spot) {
        var d = document.createElement("span"); d.className = "spot";
        d.style.left = (spot[0] - 10) + "px"; d.style.top = (spot[1] - 10) + "px";
        d.style.width = d.style.height = "20px"; marks.appendChild(d);
      }
    }
    var spot = null;
    function tap(px, py) {
      if (!tree || !data.regions) return;
      var t = data.regions.table;
      if (t && px >= t.left && py >= t.top && px <= t.left + t.w * t.ppi && py <= t.top + t.h * t.ppi) {
        var trooper = placing();
        if (trooper) {
          var x = ((px - t.left) / t.ppi).toFixed(2), y = (t.h - (py - t.top) / t.ppi).toFixed(2);
          spot = [px, py]; choose("place " + trooper + " " + x + " " + y); return;
        }
      }
      var hit = data.regions.regions.filter(function (r) {
        return px >= r.box[0] && px <= r.box[2] && py >= r.box[1] && py <= r.box[3];
      });
      if (!hit.length) return;
      var list = [].concat.apply([], hit.map(function (r) { return r.names; }));
      var here = level().filter(function (n) { return names((n.words || []).join(" "), list); });
      if (here.length === 1) { open(here[0]); return; }   // an option naming what is there: picked
      var named = leaves(level(), []).filter(function (n) { return names(n.line, list); });
      if (named.length === 1) { filter = null; choose(named[0].line, where(named[0].label)); return; }   // a destination
      if (named.length) { filter = list; chosen = null; draw(); }   // several lines name it: narrowed to them
    }
    function placing() {   // Infinity: the trooper a tap on the table places (its `place` lines' second word)
      var ids = {};
      leaves(level(), []).forEach(function (n) { var m = /^place (\S+) /.exec(n.line); if (m) ids[m[1]] = true; });
      var found = Object.keys(ids);
      return found.length === 1 ? found[0] : null;
    }
    function say(lines, refused) {
      var a = $("answer"); a.textContent = lines.join("\n"); a.className = refused ? "answer refused" : "answer";
    }
    function call(path, body) {
      var headers = Object.assign({ "Content-Type": "application/json" }, auth());
      return fetch(base + path, { method: "POST", headers: headers, body: JSON.stringify(body) })
        .then(function (r) { return r.json().then(function (j) { j.status = r.status; return j; }); });
    }
    function check(line) {
      call("/check", { line: line }).then(function (j) {
        if (chosen !== line) return;
        say(j.ok ? [data.words.fits || "The rules take it."] : [j.error], !j.ok);
      });
    }
    function send() {
      if (!chosen || busy) return;
      if (!pressKey) {   // one key per press, kept across its retries: the server counts it once
        var bytes = new Uint8Array(12); crypto.getRandomValues(bytes);
        pressKey = Array.from(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
      }
      busy = true;
      var body = { line: chosen, version: data.version, key: pressKey }, tries = 0;
      (function attempt() {
        call("/play", body).then(function (j) {
          busy = false;
          say(j.error ? [j.error] : (j.lines || []), !j.ok);
          if (j.ok || j.stale) { chosen = null; pressKey = null; spot = null; }
          if (j.page) render(j.page);
        }, function () {
          if (++tries < 3) setTimeout(attempt, 400 * tries); else { busy = false; say([data.words.offline], true); }
        });
      })();
    }
    // the advisor: the chat's /hint, asked from here; its numbered lines that are among the
    // choices become keys that choose them (the server alone said which lines are advised)
    function hint() {
      if (busy) return;
      var box = $("hint-lines"), asked = data.version;
      box.hidden = false; box.className = "lines hint thinking"; box.textContent = "…";
      call("/hint", {}).then(function (j) {
        if (data.version !== asked) return;
        box.className = j.ok ? "lines hint" : "lines hint refused"; box.textContent = "";
        var all = tree ? leaves(tree, []) : [];
        (j.ok ? j.lines : [j.error]).join("\n").split("\n").forEach(function (t) {
          var m = /^\d+\. (.+)$/.exec(t), advised = m && all.filter(function (n) {
            return m[1] === n.line || m[1].indexOf(n.line + " ") === 0; })[0];
          var row = advised ? button(t, "advised", function () {
            stack = []; filter = null; choose(advised.line, advised.label); }) : document.createElement("p");
          if (!advised) row.textContent = t;
          box.appendChild(row);
        });
      }, function () { box.className = "lines hint refused"; box.textContent = data.words.offline; });
    }
    $("hint").addEventListener("click", hint);
    $("send").addEventListener("click", send);
    if (tg && tg.BackButton && tg.BackButton.onClick) tg.BackButton.onClick(back);
    return {
      tap: tap,
      show: function (fresh) {
        var c = fresh.choices;
        $("play").hidden = !c;
        if (!c) { tree = null; $("marks").textContent = ""; return; }
        if (shownVersion !== fresh.version) {
          stack = []; filter = null; chosen = null; spot = null; $("hint-lines").hidden = true;
        }
        $("hint").hidden = !fresh.hints; $("hint").textContent = fresh.words.hint || "Hint";
        shownVersion = fresh.version; tree = c.tree; draw();
      },
      state: function () { return { chosen: chosen, filter: filter, depth: stack.length }; }
    };
  })();

  function lines(node, texts) {
    node.textContent = "";
    texts.forEach(function (t) { var p = document.createElement("p"); p.textContent = t; node.appendChild(p); });
  }
  function word(name, values) {
    return (data.words[name] || name).replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
  }
  function picture(n) { return base + "/map/" + n + "?v=" + data.version; }

  function showReplay() {
    var n = Number(slider.value), total = data.actions;
    $("slider-label").textContent = n === total ? word("now", {}) + " · " + word("replay", { n: n, total: total })
      : word("replay", { n: n, total: total });
    var items = $("log").children;
    for (var i = 0; i < items.length; i++) {
      var number = Number(items[i].getAttribute("data-n"));
      items[i].classList.toggle("here", number === n);
      items[i].classList.toggle("after", number > n);
    }
  }

  function render(fresh) {
    data = fresh;
    document.title = data.title;
    $("title").textContent = data.title;
    lines($("status"), data.status);
    $("players-title").textContent = data.words.players;
    $("log-title").textContent = data.words.log;
    var players = $("players"); players.textContent = "";
    data.players.forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p.name + " (" + p.label + ")";
      if (p.pending) { li.className = "pending"; li.setAttribute("data-turn", data.words.turn); }
      players.appendChild(li);
    });
    var log = $("log"); log.textContent = "";
    data.log.forEach(function (t) {
      var li = document.createElement("li"), m = /^(\d+)\./.exec(t);
      li.textContent = t; if (m) li.setAttribute("data-n", m[1]); log.insertBefore(li, log.firstChild);
    });
    var deadline = $("deadline");
    deadline.hidden = !data.deadline;
    if (data.deadline) {
      deadline.textContent = data.words.deadline + ": " + new Date(data.deadline * 1000).toLocaleString(data.lang);
    }
    $("fit").textContent = data.words.reset;
    document.querySelectorAll(".fit").forEach(function (b) { b.textContent = data.words.reset; });
    document.querySelectorAll(".tools button").forEach(function (b) {
      var name = { "in": "zoom_in", "out": "zoom_out", "fit": "reset" }[b.getAttribute("data-zoom")];
      b.title = data.words[name]; b.setAttribute("aria-label", data.words[name]);
    });
    slider.setAttribute("aria-label", data.words.log);
    if (data.picture) {
      $("viewer").hidden = false; $("replay").hidden = false;
      slider.max = data.actions;
      if (following) slider.value = data.actions;
      $("map").src = picture(Number(slider.value));
      $("map").alt = data.words.map;
      showReplay();
    }
    play.show(data);
    if (data.private) {
      // a seat's page opens on his own view and choices: the channel's map and replay follow them
      if ($("private").nextElementSibling !== $("viewer")) $("board").insertBefore($("private"), $("viewer"));
      $("private").hidden = false;
      $("private-title").textContent = data.words.private;
      lines($("private-lines"), data.private);
      if (data.picture) {
        $("private-viewer").hidden = false;
        $("private-map").src = base + "/mine?v=" + data.version;
        $("private-map").alt = data.words.private_map;
      }
    }
  }

  slider.addEventListener("input", function () {
    following = Number(slider.value) === data.actions;
    showReplay();
    clearTimeout(replayTimer);
    replayTimer = setTimeout(function () { $("map").src = picture(Number(slider.value)); }, 90);
  });

  zoomable($("frame"), $("map"));
  zoomable($("private-frame"), $("private-map"), function (px, py) { play.tap(px, py); },
    function () { return !!data.choices; });
  render(data);

  // live: the server pushes the page's data after every public move
  var live = $("live");
  function listen() {
    var events = new EventSource(base + "/events?v=" + data.version);
    events.addEventListener("open", function () { live.textContent = data.words.live; live.className = "live on"; });
    events.addEventListener("error", function () { live.textContent = data.words.offline; live.className = "live"; });
    events.addEventListener("page", function (e) { render(JSON.parse(e.data)); });
    events.addEventListener("gone", function () {
      events.close(); live.textContent = ""; window.location.reload();
    });
  }
  if (window.EventSource) listen();
  window.strategosPage = { data: function () { return data; }, play: play.state };   // for the browser tests
})();
