// Sharing a link: the phone's share sheet when there is one, else the clipboard.
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** "shared", "cancelled", "copied" (the message and the link below it, to paste into a chat or an email: the link alone
 * is the Copy button's) or "failed" (then the page shows the link to copy by hand). */
export async function shareLink({url, title, text}) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({url, title, text});
      return "shared";
    } catch (error) {
      if (error.name === "AbortError") return "cancelled";
    }
  }
  return (await copyText(`${text}\n${url}`)) ? "copied" : "failed";
}
