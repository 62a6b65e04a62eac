// The game's page: fills itself from the data the server embeds, follows the game over
// Server-Sent Events, and lets fingers (or a mouse) zoom and pan the map. No build step.
"use strict";
(function () {
  var data = JSON.parse(document.getElementById("data").textContent);
  var base = location.pathname.replace(/\/+$/, "");
  var $ = function (id) { return document.getElementById(id); };
  var slider = $("slider"), following = true, replayTimer = null;

  // zoom and pan: a transform on the picture, driven by pointer events (one finger pans,
  // two pinch, the wheel and double-click zoom at the pointer)
  function zoomable(frame, img) {
    var s = 1, x = 0, y = 0, fitted = true, pointers = new Map(), last = null;
    function fitScale() { return img.naturalWidth ? frame.clientWidth / img.naturalWidth : 1; }
    function clamp() {
      var w = img.naturalWidth * s, h = img.naturalHeight * s, fw = frame.clientWidth, fh = frame.clientHeight;
      x = w <= fw ? (fw - w) / 2 : Math.min(0, Math.max(fw - w, x));
      y = h <= fh ? (fh - h) / 2 : Math.min(0, Math.max(fh - h, y));
    }
    function apply() { clamp(); img.style.transform = "translate(" + x + "px," + y + "px) scale(" + s + ")"; }
    function fit() {
      if (!img.naturalWidth) return;
      var h = Math.min(img.naturalHeight * fitScale(), window.innerHeight * 0.78);
      frame.style.height = Math.max(200, h) + "px";
      s = Math.min(fitScale(), frame.clientHeight / img.naturalHeight); x = 0; y = 0; fitted = true; apply();
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
      pointers.delete(e.pointerId); frame.classList.remove("dragging");
      last = pointers.size ? (pointers.size === 2 ? pair() : Array.from(pointers.values())[0]) : null;
    }
    frame.addEventListener("pointerup", up); frame.addEventListener("pointercancel", up);
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
    if (data.private) {
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
  zoomable($("private-frame"), $("private-map"));
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
  window.strategosPage = { data: function () { return data; } };   // for the browser tests
})();
