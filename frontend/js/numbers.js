// Numbers as people write them: a true minus sign (−), never the hyphen that String(-2) gives.

/** "−3", "0", "5". */
export const minus = (n) => (n < 0 ? `−${-n}` : String(n));

/** "−3", "0", "+5": a number added to another. */
export const signed = (n) => (n > 0 ? `+${n}` : minus(n));

/** "−5 + 3 − 2", or "5 + ? − 2" with a term not known (null: an Add-Em card whose value was not settled), or
 * "5 + Odd Add-Em card" with a term in words (a string). */
export const expression = (terms) => terms.map((n, i) => (typeof n !== "number" ? `${i ? "+ " : ""}${n ?? "?"}`
  : i === 0 ? minus(n) : n < 0 ? `− ${-n}` : `+ ${n}`)).join(" ");

/** "8 − 4 = 4": `terms` written as `expression` writes them, equal to `total`. */
export const equation = (terms, total) => `${expression(terms)} = ${minus(total)}`;

/** "3 + 7 = 10, 6 + 4 = 10, 15 for a bonus play": ADD-TOO's scoring pairs [mine, theirs] as sums, then `more`
 * (a bonus play's points in words) if any. */
export const pairSums = (pairs, more) => [...pairs.map(([a, b]) => `${a} + ${b} = ${a + b}`), ...(more ? [more] : [])].join(", ");
