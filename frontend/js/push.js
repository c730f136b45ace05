// "Notify me on this device": Web Push for one seat. The browser subscribes with the server's VAPID
// key and the subscription is registered for the seat, so the server can tell this device when
// the seat must act, even with the app closed (sw.js shows the message and opens the match).
import {api, serverFailed} from "./api.js";
import {language} from "./i18n.js";
import {drop} from "./outbox.js";
import {allSeats, forget, seatOf, unwatch, update, watchedMatches} from "./seat-store.js";

export function pushSupported() {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The id of this device's subscription for the seat of match `id`, kept with the seat; or null. */
export function pushId(id) {
  return seatOf(id)?.push || null;
}

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Ask for permission, subscribe this device and register it for the seat. False when refused. */
export async function notifyOnThisPhone(id, token, seat) {
  if ((await Notification.requestPermission()) !== "granted") return false;
  const {public_key: key} = await api.pushKey();
  const registration = await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription())
    || (await registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(key)}));
  const registered = await api.subscribePush(id, token, seat, {...subscription.toJSON(), lang: language()});
  update(id, {push: registered.id, pushLang: language()});
  return true;
}

/** Notifications in the page's language: each seat this device is notified for in another one registers again, as
 * the server allows, which keeps the subscription and changes its language. Best effort: a seat that could not be
 * told (offline) is tried again at the next start or choice of a language. */
export async function notifyInLanguage() {
  // pushLang unknown: registered before the device kept it
  const seats = allSeats().filter((seat) => seat.push && seat.pushLang !== language());
  if (!seats.length || !pushSupported()) return;
  const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
  if (!subscription) return; // the browser dropped it: the seat's button registers anew
  const lang = language();
  await Promise.allSettled(seats.map((seat) => api.subscribePush(seat.id, seat.token, seat.seat,
    {...subscription.toJSON(), lang}).then(() => update(seat.id, {pushLang: lang}))));
}

/** Forget a seat on this device and the changes to its match still queued, first taking the device off its pushes
 * (an "over" or a rematch would still come). When the server could not be told (offline, say), this throws and the
 * seat is kept: forgotten, it would leave a phone the server pushes to with no way to stop it. A refusal for good
 * (the seat's link was replaced, which took its pushes with it; the match is gone) forgets it all the same. */
export async function forgetSeat(id) {
  const seat = seatOf(id);
  if (seat?.push) {
    await stopNotifying(id, seat.token, seat.seat).catch((error) => {
      if (serverFailed(error) || error.code === "subscription_changed") throw error;
    });
  }
  drop(id);
  forget(id);
}

/** Stop notifying this device for the seat (its subscription stays for the device's other seats). */
export async function stopNotifying(id, token, seat) {
  const registered = pushId(id);
  if (registered) await api.unsubscribePush(id, token, seat, registered).catch((error) => {
    if (error.status !== 404) throw error;
  });
  update(id, {push: null});
}

/** Remove match `id` from this device, as My games' *Remove* does: its seat (see forgetSeat, which may throw) and
 * its following as a spectator. The game it was, for saying what went. */
export async function removeMatch(id) {
  const game = seatOf(id)?.game || watchedMatches().find((match) => match.id === id)?.game;
  await forgetSeat(id);
  unwatch(id);
  return game;
}
