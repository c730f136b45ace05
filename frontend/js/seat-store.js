// The seats this device holds, kept in localStorage: a seat's token is its only key.
const KEY = "addgames.seats";
const NAME = "addgames.name";

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

function save(all) {
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** Keep a seat: {seat, token, game, seatLink, invite?, inviteLink?}; `linkShown` starts false. */
export function keepSeat(id, seat) {
  const all = load();
  all[id] = {linkShown: false, ...all[id], ...seat, at: Date.now()};
  save(all);
}

export function seatOf(id) {
  return load()[id] || null;
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

export function lastName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  localStorage.setItem(NAME, name);
}
