// Numbers as people write them: a true minus sign (−), never the hyphen that String(-2) gives.

/** "−3", "0", "5". */
export const minus = (n) => (n < 0 ? `−${-n}` : String(n));

/** "−3", "0", "+5": a number added to another. */
export const signed = (n) => (n > 0 ? `+${n}` : minus(n));
