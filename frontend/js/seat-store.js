// The seats this device holds, kept in localStorage: a seat's token is its only key.
const KEY = "addgames.seats";
const WATCHED = "addgames.watched"; // matches this device follows without a seat: {id: {game, name, at}}
const NAME = "addgames.name";

function load(key = KEY) {
  try {
    return JSON.parse(localStorage.getItem(key)) || {};
  } catch {
    return {};
  }
}

function save(all, key = KEY) {
  localStorage.setItem(key, JSON.stringify(all));
}

/** Keep a seat: {seat, token, game, seatLink, invite?, inviteLink?, joinCode?}; `linkShown` starts false. */
export function keepSeat(id, seat) {
  const all = load();
  all[id] = {linkShown: false, ...all[id], ...seat, at: Date.now()};
  save(all);
  unwatch(id); // a seat here again: no longer only watched
}

/** A match this device follows from My games without a seat: it gave its seat away (to `name`, the seat's player),
 * with the match's `invitation` ({inviteLink, rematch}) the seat kept, as the others may not all have joined yet; or it
 * just looks on (`name` null). `sheet`: the class sheet (class-store.js) the match was made for, whose cards handed its
 * seats over. */
export function watchMatch(id, game, name, invitation = null, sheet = null) {
  save({...load(WATCHED), [id]: {game, name, ...invitation, ...(sheet ? {sheet} : {}), at: Date.now()}}, WATCHED);
}

export function unwatch(id) {
  const all = load(WATCHED);
  if (!all[id]) return;
  delete all[id];
  save(all, WATCHED);
}

/** Stop following the matches, rematches included, that this device watches for class sheet `sheet`. */
export function unwatchSheet(sheet) {
  save(Object.fromEntries(Object.entries(load(WATCHED)).filter(([, match]) => match.sheet !== sheet)), WATCHED);
}

export const isWatched = (id) => Boolean(load(WATCHED)[id]);

/** The player this device handed match `id`'s seat to, when it watches it for one (null when it just looks on). */
export const watchedFor = (id) => load(WATCHED)[id]?.name || null;

/** The class sheet whose cards handed match `id`'s seats over, when this device watches it for one. */
export const watchedSheet = (id) => load(WATCHED)[id]?.sheet || null;

/** The rematch of a match this device watches (its public `view`) is watched too, once: a teacher who handed the
 * seats over follows the same players into their rematch; removed from My games, it stays removed. */
export function followRematch(view) {
  const all = load(WATCHED);
  const watched = all[view.id];
  if (!watched || !view.rematch || watched.followed === view.rematch) return;
  save({...all, [view.id]: {...watched, followed: view.rematch}}, WATCHED);
  if (!seatOf(view.rematch) && !all[view.rematch]) watchMatch(view.rematch, watched.game, watched.name, null, watched.sheet);
}

/** The matches this device watches, newest first: [{id, game, name}]. */
export function watchedMatches() {
  return Object.entries(load(WATCHED)).map(([id, match]) => ({id, ...match})).sort((a, b) => b.at - a.at);
}

/** Keep the creator's seat of a match just `created`, and the `name` they gave. A match that started at once
 * (every other seat the computer's) keeps no invite, and has no seat link to show: no one else will join. */
export function keepCreated(created, name) {
  rememberName(name);
  const started = created.game.status !== "waiting";
  keepSeat(created.game.id, {seat: 0, token: created.token, game: created.game.game, seatLink: created.seat_link,
    ...(started ? {linkShown: true} : {invite: created.invite, inviteLink: created.invite_link, joinCode: created.join_code})});
}

/** Keep the seat a join or a rematch answered with; a join's invite lets this device share it too. */
export function keepAnswer(answer, {kind, body}) {
  const id = answer.game.id;
  const invite = answer.invite || body?.invite;
  keepSeat(id, {seat: answer.seat, token: answer.token, game: answer.game.game, seatLink: answer.seat_link, invite,
    inviteLink: answer.invite_link || (invite ? `${location.origin}/g/${id}#invite=${invite}` : undefined),
    joinCode: answer.join_code, // only the answer that created a rematch has one
    linkShown: kind === "rematch", rematch: kind === "rematch"});
}

/** Keep a seat of a table, a match whose seats this device holds together (a family passing the tablet round), from
 * the answer that gave it (a create, a join, a rematch): the first kept is the match's seat as any other (My games
 * lists the match once, by its token), with the invite its answer holds, for a seat the table leaves to another device
 * (a cousin far away, or a person whose join failed); `table` lists each seat with its token. */
export function keepAtTable(answer) {
  const id = answer.game.id;
  const held = seatOf(id);
  const table = [...(held?.table || []).filter((s) => s.seat !== answer.seat), {seat: answer.seat, token: answer.token}]
    .sort((a, b) => a.seat - b.seat);
  if (held) return update(id, {table});
  keepSeat(id, {seat: answer.seat, token: answer.token, game: answer.game.game, seatLink: answer.seat_link,
    invite: answer.invite, inviteLink: answer.invite_link, joinCode: answer.join_code,
    linkShown: true, table}); // the device keeps the links: none is shown to hand over
}

/** The seats of match `id` this device holds together, [{seat, token}], or null: it holds one seat there, or none. */
export function tableOf(id) {
  const table = seatOf(id)?.table;
  return table?.length > 1 ? table : null;
}

/** The seat of `table` whose person is to move in `view` (a match's view, or a My games entry), or null: the
 * match is not in play, or the turn is another device's, the computer's or the autopilot's (a seat that left). */
export function personToMove(view, table) {
  const seat = view.status === "playing" ? table.find((s) => s.seat === view.turn) : null;
  // A My games entry's seats say no status: none is needed there, as the stand-ins move in the request that hands
  // them the turn, so a turn resting on a seat is its person's.
  return seat && (view.seats[seat.seat].status ?? "playing") === "playing" ? seat : null;
}

export function seatOf(id) {
  return load()[id] || null;
}

/** The invite of match `id` this device keeps, with its seat or with the match it watches: {inviteLink, rematch,
 * joinCode}. */
export function invitationOf(id) {
  const kept = seatOf(id) || load(WATCHED)[id];
  return kept?.inviteLink ? {inviteLink: kept.inviteLink, rematch: Boolean(kept.rematch), joinCode: kept.joinCode} : null;
}

export function update(id, fields) {
  const all = load();
  if (all[id]) save({...all, [id]: {...all[id], ...fields}});
}

export function forget(id) {
  const all = load();
  delete all[id];
  save(all);
}

/** Every kept seat, newest first: [{id, ...seat}]. */
export function allSeats() {
  return Object.entries(load()).map(([id, seat]) => ({id, ...seat})).sort((a, b) => b.at - a.at);
}

/** Keep the name each of `seats` ([{id, name}], seats of this device's) plays under: a device whose seats go by more
 * than one name is shared (a family's tablet), and says whose turn it is by name. */
export function rememberPlayers(seats) {
  const all = load();
  const changed = seats.filter(({id, name}) => all[id] && all[id].name !== name);
  changed.forEach(({id, name}) => { all[id] = {...all[id], name}; });
  if (changed.length) save(all);
}

/** Whether this device's seats go by more than one name. */
export const sharedDevice = () => new Set(allSeats().map((seat) => seat.name).filter(Boolean)).size > 1;

export function lastName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  localStorage.setItem(NAME, name);
}

export {load as loadStored, save as saveStored}; // for the other records this device keeps (class-store.js)
export {KEY as SEATS, WATCHED}; // what a move to a new device carries (views/move.js)
