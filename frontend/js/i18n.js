// Translations: t(key, params). The browser's language is the default; the choice is remembered.
import en from "./i18n/en.js";

export const LANGUAGES = {en: "English", fr: "Français", es: "Español", it: "Italiano", de: "Deutsch",
  nl: "Nederlands", pt: "Português (Portugal)", "pt-BR": "Português (Brasil)"};
/** The region a language's catalogue is written for, where its bare code would mean another: Intl's "pt" is
 * Brazilian (its plurals say "0 carta"), and i18n/pt.js is European Portuguese. */
const REGION = {pt: "pt-PT"};
/** The rules a language counts with, where its own region's rules in Intl say otherwise: Intl's Brazilian plurals
 * take 0 as one ("0 carta jogada"), where Brazil writes none in the plural ("0 cartas jogadas") as Portugal does. */
const PLURALS = {"pt-BR": "pt-PT"};
const KEY = "addgames.lang";
let current = "en";
let dict = en;
/** Keys asked for but missing in the current language ("fr:home.title"): tests read this. */
export const missing = new Set();

const browserLanguages = () => navigator.languages || [navigator.language];
const primary = (tag) => String(tag).toLowerCase().split("-")[0]; // "de-CH" is "de"

/** Our language for a browser's tag: a regional variant we have by its own tag ("pt-BR"), any other by its primary
 * subtag ("pt-PT", "pt-AO" and "pt" are "pt"; "de-CH" is "de"); or undefined. */
function ours(tag) {
  const variant = Object.keys(LANGUAGES).find((code) => code.toLowerCase() === String(tag).toLowerCase());
  return variant || (primary(tag) in LANGUAGES ? primary(tag) : undefined);
}

/** The first of the browser's languages we have. */
export function preferred(languages = browserLanguages()) {
  return languages.map(ours).find(Boolean) || "en";
}

/** A language's typography, where its catalogues type plain spaces: French writes a space before : ; ! ? and »
 * and after «, a no-break one, so that none of them starts a line alone. */
const TYPOGRAPHY = {fr: (text) => text.replace(/ ([:;!?»])/g, "\u00a0$1").replace(/« /g, "«\u00a0")};

/** `text` (of the current language, or `code`'s) in its typography. */
export const typeset = (text, code = current) => TYPOGRAPHY[code]?.(text) ?? text;

/** A catalogue in its language's typography: each text, and each plural form. */
const typesetAll = (catalogue, code) => (code in TYPOGRAPHY ? Object.fromEntries(Object.entries(catalogue).map(
  ([key, text]) => [key, typeof text === "object"
    ? Object.fromEntries(Object.entries(text).map(([form, words]) => [form, typeset(words, code)]))
    : typeset(text, code)])) : catalogue);

/** A language's texts. A regional variant's file ("pt-BR") holds only the texts where it differs from its
 * language's ("pt"), which gives it all the others. */
async function texts(code) {
  if (code === "en") return en;
  const parent = primary(code);
  const [own, base] = await Promise.all([import(`./i18n/${code}.js`),
    parent === code ? null : import(`./i18n/${parent}.js`)]);
  return base ? {...base.default, ...own.default} : own.default;
}

/** Load and use the language `code`; rejects when its file could not be fetched (the language stays). */
export async function setLanguage(code) {
  const chosen = code in LANGUAGES ? code : "en";
  dict = typesetAll(await texts(chosen), chosen);
  current = chosen;
  document.documentElement.lang = chosen;
  return chosen;
}

export function chooseLanguage(code) {
  localStorage.setItem(KEY, code);
  return setLanguage(code);
}

/** The language to start in: the one chosen on this device, or the browser's. */
export function startingLanguage() {
  return localStorage.getItem(KEY) || preferred();
}

export function language() {
  return current;
}

/** The region of the browser's first language that names one ("DE" for "de-DE"), if any. */
function region() {
  for (const tag of browserLanguages()) {
    try {
      const found = new Intl.Locale(tag).region;
      if (found) return found;
    } catch {
      // not a tag Intl reads: the next one
    }
  }
  return undefined;
}

/** The browser's own tag for the page's language ("en-GB" for English in a British browser), for dates,
 * lists and plurals: the page's bare language would write them as its default region does ("en": American, a
 * 12-hour clock). A regional variant's page is written as its region writes ("pt-BR"); a "pt" page as Portugal
 * does, in a Brazilian browser too. A language the browser does not list takes the browser's region: English read
 * in a German browser is "en-DE", a 24-hour clock. */
function locale() {
  const tag = browserLanguages().find((said) => ours(said) === current);
  if (tag?.includes("-")) return tag;
  if (REGION[current]) return REGION[current];
  const where = tag || current.includes("-") ? undefined : region();
  return where ? `${current}-${where}` : current;
}

export function has(key) {
  return key in en;
}

/** The text for `key` with {name} placeholders filled; {count} picks a plural form when given (an ordinal's form,
 * "1st", "2nd", with `ordinal: true`). */
export function t(key, params = {}) {
  let text = dict[key];
  if (text === undefined) {
    missing.add(`${current}:${key}`);
    text = en[key] ?? key;
  }
  if (typeof text === "object") {
    const form = new Intl.PluralRules(PLURALS[current] ?? locale(), {type: params.ordinal ? "ordinal" : "cardinal"}).select(params.count ?? 0);
    text = text[form] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A list in words: "Ann, Bob and Cy". */
export function listing(items) {
  return new Intl.ListFormat(locale(), {type: "conjunction"}).format(items.map(String));
}

const UNITS = [["day", 86400, 2 * 86400], ["hour", 3600, 3600], ["minute", 60, 0]]; // [unit, seconds, from]

/** "in 5 hours", "2 days ago": how far `date` is from `now`, in the current language, in whole units
 * (2 days and 13 hours left is "in 2 days": rounded up, a deadline would seem further than it is). Days are
 * always a number: whole days of 24 hours are not calendar days, and a word for a calendar day (German
 * "übermorgen", French "après-demain") named Wednesday for a deadline on Thursday at 00:10. */
export function relativeTime(date, now = Date.now()) {
  const seconds = (date - now) / 1000;
  const [unit, size] = UNITS.find(([, , from]) => Math.abs(seconds) >= from);
  const numeric = unit === "day" ? "always" : "auto"; // "this minute", never "in 0 minutes"
  return new Intl.RelativeTimeFormat(locale(), {numeric}).format(Math.trunc(seconds / size) || 0, unit);
}

/** "Mon 23 Nov, 14:05 CET": a moment in the reader's time zone, named (the other players may live in
 *  another), and language. */
export function dateTime(date) {
  return new Intl.DateTimeFormat(locale(), {weekday: "short", day: "numeric", month: "short", hour: "numeric",
    minute: "2-digit", timeZoneName: "short"}).format(date);
}
