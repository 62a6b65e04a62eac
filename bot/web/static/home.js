// The Mini App's home (the private chat's menu button): the player's games, each a link to his
// seat's page. Telegram's signed initData proves who asks; without it there is nothing to list.
"use strict";
(function () {
  var tg = window.Telegram && window.Telegram.WebApp;
  var note = document.getElementById("note"), list = document.getElementById("games");
  if (!tg || !tg.initData) { note.textContent = "Open this page from the bot's menu in Telegram."; return; }
  if (tg.ready) tg.ready();
  if (tg.expand) tg.expand();
  fetch("/tg/games.json", { headers: { "Authorization": "tma " + tg.initData } })
    .then(function (r) { return r.json(); })
    .then(function (j) {
      if (!j.ok) { note.textContent = j.error; return; }
      if (!j.games.length) { note.textContent = "You sit in no game in play."; return; }
      j.games.forEach(function (g) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = g.path; a.textContent = g.title + (g.turn ? " ●" : ""); li.appendChild(a); list.appendChild(li);
      });
    });
})();
