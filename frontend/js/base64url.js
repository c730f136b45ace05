// base64url (RFC 4648 §5, no padding): the push service's key, and the link that moves a device's matches to another.

/** The bytes of base64url `text`; throws on a character that is none of base64url's. */
export function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `bytes` (a Uint8Array) in base64url. */
export function toBase64url(bytes) {
  let binary = "";
  bytes.forEach((byte) => { binary += String.fromCharCode(byte); });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
