// Inside Telegram without its telegram-web-app.js (the page loads no outside script): the few
// parts of window.Telegram.WebApp the page uses, read from the launch parameters Telegram puts in
// the address's fragment and spoken through Telegram's event bridge, as that script does.
"use strict";
(function () {
  if (window.Telegram && window.Telegram.WebApp) return;
  var params = new URLSearchParams(location.hash.slice(1));
  var initData = params.get("tgWebAppData");
  if (!initData) return;
  function post(type, data) {
    var text = JSON.stringify(data || {});
    if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, text);
    else window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), "*");
  }
  var handlers = {}, backHandlers = [];
  function receive(type, data) {
    if (type === "back_button_pressed") backHandlers.forEach(function (f) { f(); });
    if (type === "viewport_changed" && data) {
      app.viewportHeight = data.height;
      if (data.is_state_stable) app.viewportStableHeight = data.height;
      (handlers.viewportChanged || []).forEach(function (f) { f(); });
    }
  }
  window.addEventListener("message", function (e) {
    try { var m = JSON.parse(e.data); receive(m.eventType, m.eventData); } catch (err) { /* not Telegram's */ }
  });
  var theme = {};
  try { theme = JSON.parse(params.get("tgWebAppThemeParams") || "{}"); } catch (err) { theme = {}; }
  var app = {
    initData: initData, themeParams: theme, viewportStableHeight: window.innerHeight,
    ready: function () { post("web_app_ready"); },
    expand: function () { post("web_app_expand"); },
    onEvent: function (name, f) { (handlers[name] = handlers[name] || []).push(f); },
    BackButton: {
      show: function () { post("web_app_setup_back_button", { is_visible: true }); },
      hide: function () { post("web_app_setup_back_button", { is_visible: false }); },
      onClick: function (f) { backHandlers.push(f); }
    }
  };
  window.Telegram = { WebApp: app, WebView: { receiveEvent: receive } };
})();
