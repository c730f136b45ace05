// A table as a CSV file to save, for a spreadsheet: every cell quoted as RFC 4180 says (a name may hold the separator,
// a quote or a line's end), UTF-8 with a byte order mark (without one, Excel reads the file in the computer's older
// code page: "Zoé" comes out "ZoÃ©"), and no cell a spreadsheet would run as a formula (OWASP's advice on CSV
// injection: a cell that starts with =, +, -, @, a tab or a carriage return gets a ' before it, and is shown as typed).
const FORMULA = /^[=+\-@\t\r]/;
const KEEP_URL_MS = 10000; // the browser reads the file a moment after the click: its address is let go after that

const cell = (value) => `"${String(value).replace(FORMULA, "'$&").replaceAll('"', '""')}"`;

/** `rows` (arrays of cells, the header first) as a CSV file's text, the cells split by `separator`, each line ended
 * by CRLF. */
export const csvText = (rows, separator) => `\uFEFF${rows.map((row) => row.map(cell).join(separator).concat("\r\n")).join("")}`;

/** "2026-12-04": the day in the reader's time zone, as a file name sorts it. */
export function today() {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
}

/** Have the browser save `text` as the CSV file `name`. */
export function saveCsv(name, text) {
  const url = URL.createObjectURL(new Blob([text], {type: "text/csv;charset=utf-8"}));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}
