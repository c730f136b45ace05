// A class sheet: one card per pupil (their name, the game, "Scan to play" and the QR code of their seat link, who
// they play with) to print and hand out (off the screen until asked for: a projector may mirror it), kept on this
// device so that a lost card can be printed again, alone (the others left off the paper: a spare of each would be
// another private link to lose). While its matches are being made, how far it got; when that stopped midway, why,
// and *Go on*. On screen, the Results, the board of the matches for the projector in the page's place, and the link
// that follows the sheet from another device (class-follow.js), where a copy without cards shows the same.
import {forgetSheet, handNames, sheetOf, unmade} from "../class-store.js";
import {html} from "../html.js";
import {addRound, allLeagues, handLeague, leagueOf, startLeague} from "../league.js";
import {listing, relativeTime, t} from "../i18n.js";
import {qrSvg} from "../qr.js";
import {go} from "../router.js";
import {unwatchSheet} from "../seat-store.js";
import {mergeActions} from "../ui.js";
import {followPanel, takeFollowed} from "./class-follow.js";
import {forgetActions} from "./forget.js";
import {onProgress, runOf, startMaking} from "./class-making.js";
import {classResults} from "./class-results.js";
import {inviteActions} from "./invite.js";
import {gameName, notOnThisDevice, onceText} from "./words.js";

const drawn = new Map(); // seat link -> its QR code: a sheet of 30 repainted at each step draws each code once

/** A seat link's QR code; the link ends `&qr`, as the own-link panel's does (see match.js). */
function seatQr(link, pupil) {
  const scanned = `${link}&qr`;
  if (!drawn.has(scanned)) drawn.set(scanned, qrSvg(scanned, t("sheet.qr", {name: pupil})));
  return html`<figure class="qr-figure" data-link="${scanned}">${drawn.get(scanned)}
    <figcaption>${t("sheet.scan")}</figcaption></figure>`;
}

/** A pupil's card; left off the paper while another one alone is printed (`alone`: that pupil). */
function card(sheet, group, pupil, alone) {
  const computer = group.body.bots.length ? [t("bot.name", {level: t(`bot.level.${sheet.level}`)})] : [];
  const others = [...group.pupils.filter((name) => name !== pupil), ...computer];
  return html`<li class="pupil-card${alone && alone !== pupil ? " unprinted" : ""}" data-pupil="${pupil}">
    <h2>${pupil}</h2>
    <p class="card-game">${gameName(sheet.game)}</p>
    ${seatQr(group.links[pupil], pupil)}
    <p class="card-with">${t("sheet.with", {names: listing(others)})}</p>
    <button type="button" class="card-print" data-action="printCard" data-pupil="${pupil}" data-key="print-${pupil}"
      aria-label="${t("sheet.printCardOf", {name: pupil})}">${t("sheet.printCard")}</button></li>`;
}

/** How far this tab's run got, why it stopped, or what is still to make. The end of a run here is said in place of its
 * last progress line (with what is still to make, when it stopped: its reason is said as an alert), which a screen
 * reader reading on to the end of the page found still in the live region. */
function making(sheet, run) {
  const left = unmade(sheet);
  if (run && !run.ended) {
    return html`<p class="sending" data-say id="making">${t("sheet.making", {n: run.n, total: run.total})}
      ${run.wait ? t("sheet.waiting", {seconds: run.wait}) : ""}</p>`;
  }
  if (!left.length) return html`<p class="note" id="made" ${run ? html`data-say` : ""}>${t("sheet.watching")}</p>`;
  return html`${run?.error ? html`<p class="error" id="making-failed">${t("sheet.stopped",
    {reason: onceText(run.error)})}</p>` : ""}
    <p id="unmade" ${run ? html`data-say` : ""}>${t("sheet.unmade", {names: listing(left)})}</p>
    <p class="actions"><button type="button" class="primary" data-action="goOn" data-key="go-on">${t("sheet.goOn")}</button></p>`;
}

/** *Projector view*: the board of the matches (class-board.js) in place of the page; on it (`projecting`), the way back
 * (Escape too). */
const boardButton = (projecting) => html`<button type="button" data-action="toggleBoard" data-key="board">
  ${t(projecting ? "board.hide" : "board.show")}</button>`;

/** The sheet as a round of a league (league.js): which round, and the league's standing; else *Start a league with
 * this round*, or *Add this round to the league* begun before (one button a league this device keeps). */
function leaguePart(sheet) {
  const league = leagueOf(sheet.id);
  if (league) {
    const n = league.rounds.findIndex((round) => round.sheet === sheet.id) + 1;
    return html`<p id="sheet-league">${t("league.roundOf", {n})}
      <a href="/leagues/${league.id}" data-key="league-link">${t("league.see")}</a></p>`;
  }
  return html`<p class="actions" id="sheet-league"><button type="button" data-action="startLeague" data-key="start-league">
    ${t("league.start")}</button>${allLeagues().map((other) => html` <button type="button" data-action="joinLeague"
      data-league="${other.id}" data-key="join-${other.id}">${t("league.join", {relative: relativeTime(other.at)})}
    </button>`)}</p>`;
}

/** *Print*, *Show the cards* (`showing`: on screen), *Projector view*, *Next round*, *Follow on another device* (`follow`: its
 * {button, panel}, class-follow.js) and *Forget this sheet*, asked first (`forgetting`): the sheet only (My games still
 * follows its matches), or its matches too. A sheet followed from another device (`follow` null) has neither cards to
 * print nor a link to give. */
function tools(forgetting, cards, showing, follow) {
  if (!forgetting) {
    return html`<p class="actions">${follow ? html`<button type="button" class="primary" data-action="print"
      data-key="print" ${cards ? "" : "disabled"}>${t("sheet.print")}</button>` : ""} ${boardButton(false)}
      <button type="button" data-action="nextRound" data-key="next-round">${t("sheet.nextRound")}</button>
      ${cards ? html`<button type="button" data-action="toggleCards" data-key="show-cards" aria-controls="pupil-cards"
        aria-expanded="${showing ? "true" : "false"}">${t(showing ? "sheet.hideCards" : "sheet.showCards")}</button>` : ""}
      ${follow?.button ?? ""}
      <button type="button" data-action="askForget" data-key="forget-sheet">${t("sheet.forget")}</button></p>
      ${follow?.panel ?? ""}
      ${cards && !showing ? html`<p class="note" id="cards-hidden">${t("sheet.cardsHidden")}</p>` : ""}`;
  }
  return html`<div class="confirm" role="group" aria-labelledby="forget-ask" data-escape="cancelForget">
    <p id="forget-ask" tabindex="-1">${t("sheet.forgetAsk")}</p>
    <p class="actions"><button type="button" class="danger" data-action="forget" data-key="forget-yes">
      ${t("sheet.forgetYes")}</button>
      <button type="button" class="danger" data-action="forgetAll" data-key="forget-all">${t("sheet.forgetAll")}</button>
      <button type="button" data-action="cancelForget" data-key="forget-no">${t("confirm.cancel")}</button></p></div>`;
}

export default function classSheet(id) {
  takeFollowed(id); // opened by a follow link: the sheet it carries, kept here
  const forgetting = {on: false};
  let alone = null; // the pupil whose card alone is being printed, until the printing is done
  let showing = false; // the cards on screen: a projector would show their QR codes, each a pupil's seat, to the class
  let projecting = false; // the board of the matches alone, for the class to read on the projector
  let following = false; // the follow link shown, to share or copy to another device
  const printed = () => {
    alone = null;
    screen.repaint();
  };
  let unlisten = null;
  const results = classResults(id, () => screen.repaint());
  const screen = {
    fallbackFocus: "h1",
    render() {
      const sheet = sheetOf(id);
      if (!sheet) return notOnThisDevice("sheet");
      document.title = `${t("sheet.title", {game: gameName(sheet.game)})} · ${t("app.name")}`;
      const run = runOf(id);
      const running = run && !run.ended; // no printing nor forgetting a sheet half made: its next step would keep it
      const cards = sheet.groups.flatMap((group) => group.pupils.filter((pupil) => group.links[pupil])
        .map((pupil) => card(sheet, group, pupil, alone)));
      const heading = html`<h1 tabindex="-1">${t("sheet.title", {game: gameName(sheet.game)})}</h1>`;
      if (projecting && !running) {
        return html`<div class="class-sheet projecting" data-escape="toggleBoard">${heading}<p class="actions">${boardButton(true)}</p>
          ${results.board(sheet)}</div>`;
      }
      return html`<div class="class-sheet">
        ${heading}
        <p class="facts">${t("class.pupils", {count: sheet.groups.flatMap((g) => g.pupils).length})} ·
          ${t("sheet.made", {relative: relativeTime(sheet.at)})}</p>
        ${sheet.followed ? html`<p class="note" id="sheet-followed">${t("sheet.followed")}</p>`
          : html`<p class="sheet-private" id="sheet-private">${t("sheet.private")}</p>${making(sheet, run)}`}
        ${running ? "" : tools(forgetting.on, cards.length, showing,
          sheet.followed ? null : followPanel(sheet, following, screen.notice))}
        ${running ? "" : leaguePart(sheet)}
        ${results.render(sheet)}
        <ul class="pupil-cards${showing ? "" : " paper-only"}" id="pupil-cards">${cards}</ul></div>`;
    },
    start() {
      unlisten = onProgress((sheet) => {
        if (sheet !== id) return;
        screen.repaint();
        if (runOf(id).ended) results.refresh(); // the matches made meanwhile
      });
      results.start();
      window.addEventListener("afterprint", printed);
    },
    revive: () => results.refresh(),
    stop() {
      unlisten?.();
      results.stop();
      window.removeEventListener("afterprint", printed);
    },
    actions: mergeActions(results.actions, {
      print() {
        printed(); // a card printed alone before, should the browser have said nothing when it was done
        window.print();
      },
      printCard(button) {
        alone = button.dataset.pupil;
        screen.repaint();
        window.print();
      },
      downloadResults: () => results.download(sheetOf(id)),
      goOn() {
        startMaking(sheetOf(id));
        screen.repaint();
      },
      nextRound() { // the class form, its names typed already, the most wins first; the game to choose again
        const sheet = sheetOf(id);
        handNames(results.ranked(sheet));
        const league = leagueOf(id);
        if (league) handLeague(league.id); // its next round too
        go(`/class/${sheet.game}`);
      },
      startLeague() {
        startLeague(sheetOf(id));
        results.keepOutcomes(sheetOf(id)); // the matches over already
        screen.repaint();
      },
      joinLeague(button) {
        addRound(button.dataset.league, sheetOf(id));
        results.keepOutcomes(sheetOf(id));
        screen.repaint();
      },
      toggleFollow() {
        following = !following;
        screen.repaint();
      },
      closeFollow() { // Escape in the panel: the focus, maybe on its Copy, back on the button that opened it
        following = false;
        screen.repaint();
        document.querySelector('[data-key="follow"]')?.focus();
      },
      toggleBoard() {
        projecting = !projecting;
        screen.repaint();
      },
      toggleCards() {
        showing = !showing;
        screen.repaint();
      },
      forgetAll() { // an old lesson's: My games would list each of its matches (a class of 30: 15) to remove
        unwatchSheet(id);
        screen.actions.forget();
      },
    }),
  };
  screen.actions = mergeActions(screen.actions, inviteActions(screen), // the follow link's Share and Copy
    forgetActions(screen, forgetting, "forget-sheet", () => forgetSheet(id)));
  return screen;
}
