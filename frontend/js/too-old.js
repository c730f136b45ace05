// A browser too old for the app: it says so, in the page's language, instead of "Loading…" for ever. A classic
// script (not a module) in the oldest JavaScript, so that any browser runs it: one without modules skips
// app.js, and one that cannot read the app's code (newer JavaScript than it knows) fails to run it. Either way
// app.js never says it started by the time the page has loaded (module scripts run before that); a module that
// could not be fetched (the network, not the browser) is left to the page as before. A screen loaded later that
// this browser cannot read says the same (js/load-failed.js asks addgamesTooOld for the words). README: "Browsers".
(function () {
  "use strict";
  var WORDS = {
    en: {title: "This browser is too old for addgames",
      text: "addgames needs a browser from 2021 or later (Safari 15 on iOS 15, Chrome or Edge 90, Firefox 115 "
        + "or newer). Update this browser, or open this page in another one."},
    fr: {title: "Ce navigateur est trop ancien pour addgames",
      text: "addgames demande un navigateur de 2021 ou plus récent (Safari 15 sur iOS 15, Chrome ou Edge 90, "
        + "Firefox 115 ou une version plus récente). Mettez ce navigateur à jour, ou ouvrez cette page dans un autre."},
    es: {title: "Este navegador es demasiado antiguo para addgames",
      text: "addgames necesita un navegador de 2021 o posterior (Safari 15 en iOS 15, Chrome o Edge 90, Firefox "
        + "115 o una versión más reciente). Actualiza este navegador o abre esta página en otro."},
    it: {title: "Questo browser è troppo vecchio per addgames",
      text: "addgames richiede un browser del 2021 o successivo (Safari 15 su iOS 15, Chrome o Edge 90, Firefox "
        + "115 o una versione più recente). Aggiorna questo browser o apri questa pagina in un altro."},
    de: {title: "Dieser Browser ist zu alt für addgames",
      text: "addgames braucht einen Browser von 2021 oder neuer (Safari 15 unter iOS 15, Chrome oder Edge 90, "
        + "Firefox 115 oder eine neuere Version). Aktualisiere diesen Browser oder öffne die Seite in einem anderen."},
    nl: {title: "Deze browser is te oud voor addgames",
      text: "addgames heeft een browser van 2021 of nieuwer nodig (Safari 15 op iOS 15, Chrome of Edge 90, "
        + "Firefox 115 of een nieuwere versie). Werk deze browser bij, of open deze pagina in een andere."},
    pt: {title: "Este navegador é demasiado antigo para o addgames",
      text: "O addgames precisa de um navegador de 2021 ou mais recente (Safari 15 no iOS 15, Chrome ou Edge 90, "
        + "Firefox 115 ou uma versão mais recente). Atualiza este navegador ou abre esta página noutro."},
    "pt-BR": {title: "Este navegador é antigo demais para o addgames",
      text: "O addgames precisa de um navegador de 2021 ou mais recente (Safari 15 no iOS 15, Chrome ou Edge 90, "
        + "Firefox 115 ou uma versão mais nova). Atualize este navegador ou abra esta página em outro."},
  };
  var fetchFailed = false;

  /** The language chosen on this device (js/i18n.js keeps it), else the browser's first one we have. */
  function language() {
    var chosen = null;
    try {
      chosen = window.localStorage.getItem("addgames.lang");
    } catch (e) {
      chosen = null; // storage refused (private browsing in an old Safari)
    }
    var tags = [chosen].concat(navigator.languages || [navigator.language]);
    for (var n = 0; n < tags.length; n++) { // a regional variant by its own tag (pt-BR), any other by its primary one
      var tag = String(tags[n]).toLowerCase();
      for (var code in WORDS) {
        if (WORDS.hasOwnProperty(code) && code.toLowerCase() === tag) return code;
      }
      if (WORDS.hasOwnProperty(tag.split("-")[0])) return tag.split("-")[0];
    }
    return "en";
  }

  /** {code, title, text}: what to say, in which language. */
  function words() {
    var code = language();
    return {code: code, title: WORDS[code].title, text: WORDS[code].text};
  }

  function tooOld() {
    var main = document.getElementById("main");
    var said = words();
    var title = document.createElement("h1");
    var text = document.createElement("p");
    title.appendChild(document.createTextNode(said.title));
    text.appendChild(document.createTextNode(said.text));
    document.documentElement.lang = said.code;
    document.title = said.title;
    while (main.firstChild) main.removeChild(main.firstChild);
    main.appendChild(title);
    main.appendChild(text);
  }

  window.addgamesTooOld = {words: words};
  // A module script that could not be fetched fires "error" on its element (which does not bubble: captured here).
  window.addEventListener("error", function (event) {
    if (event.target && event.target.tagName === "SCRIPT") fetchFailed = true;
  }, true);
  window.addEventListener("load", function () {
    if (window.addgamesStarted !== true && !fetchFailed) tooOld();
  });
}());
