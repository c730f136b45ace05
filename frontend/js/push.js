// "Notify me on this device": Web Push for one seat. The browser subscribes with the server's VAPID
// key and the subscription is registered for the seat, so the server can tell this device when
// the seat must act, even with the app closed (sw.js shows the message and opens the match).
import {api, serverFailed} from "./api.js";
import {fromBase64url} from "./base64url.js";
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

/** Whether `subscription` was made with the server's key (base64url `key`). One made with another (the operator
 * changed the key) can never be sent to: its push service refuses every message signed with the new one. A browser
 * that does not say which key it was made with is taken at its word. */
function madeWith(subscription, key) {
  const held = subscription.options?.applicationServerKey;
  if (!held) return true;
  const bytes = new Uint8Array(held), wanted = fromBase64url(key);
  return bytes.length === wanted.length && bytes.every((byte, n) => byte === wanted[n]);
}

/** This device's subscription, made with the server's key `key`: one made with another key is replaced. */
async function subscriptionFor(registration, key) {
  const held = await registration.pushManager.getSubscription();
  if (held && madeWith(held, key)) return held;
  await held?.unsubscribe();
  return registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: fromBase64url(key)});
}

/** `held`, or a new subscription when the server's key changed since it was made (as it is when the key cannot be
 * asked: offline, or push turned off). */
async function withServerKey(registration, held) {
  const key = await api.pushKey().then(({public_key: current}) => current, () => null);
  return key && !madeWith(held, key) ? subscriptionFor(registration, key) : held;
}

/** Ask for permission, subscribe this device and register it for the seat. False when refused. */
export async function notifyOnThisPhone(id, token, seat) {
  if ((await Notification.requestPermission()) !== "granted") return false;
  const {public_key: key} = await api.pushKey();
  const subscription = await subscriptionFor(await navigator.serviceWorker.ready, key);
  const registered = await api.subscribePush(id, token, seat, {...subscription.toJSON(), lang: language()});
  update(id, {push: registered.id, pushLang: language()});
  return true;
}

/** Told when keepNotifying changed which seats this device is notified for (a screen showing the button redraws). */
export const PUSH_CHANGED = "addgames:push-changed";

/** The server's id of a subscription: the SHA-256 of its endpoint, in hex. */
async function subscriptionId(endpoint) {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The seats this device is notified for, kept true to the browser's subscription, at each start and choice of a
 * language. A browser renews a subscription (a new endpoint: the push service gave up the old one, and the server
 * deleted it) or drops it (expired, permission reset), and the server's key may have changed since it was made (the
 * operator rotated it: the subscription is replaced, and the one given up taken off the server): a seat registered
 * with another endpoint, or in another language, registers again, as the server allows, with the current one; with
 * none left, the seat forgets it was notified, so its button offers notifications again rather than promising ones
 * that never come. Best effort: a seat that could not be told (offline) is tried again at the next start or choice of
 * a language; one whose match is gone forgets it. */
export async function keepNotifying() {
  const seats = allSeats().filter((seat) => seat.push);
  if (!seats.length || !pushSupported()) return;
  const registration = await navigator.serviceWorker.ready;
  const held = await registration.pushManager.getSubscription();
  const subscription = held && (await withServerKey(registration, held));
  const lang = language();
  if (!subscription) {
    seats.forEach((seat) => update(seat.id, {push: null}));
  } else {
    const current = await subscriptionId(subscription.endpoint);
    const stale = seats.filter((seat) => seat.push !== current || seat.pushLang !== lang);
    if (!stale.length) return;
    await Promise.allSettled(stale.map((seat) => api.subscribePush(seat.id, seat.token, seat.seat,
      {...subscription.toJSON(), lang}).then(({id}) => {
      update(seat.id, {push: id, pushLang: lang});
      // the endpoint given up, unless the server deleted it already (its push service's 410)
      if (seat.push !== id) return api.unsubscribePush(seat.id, seat.token, seat.seat, seat.push).catch(() => {});
    }, (error) => {
      if (error.status === 404) update(seat.id, {push: null}); // the match is gone
    })));
  }
  window.dispatchEvent(new Event(PUSH_CHANGED));
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
