// Chat and social apps open a link in a browser of their own (Instagram, Facebook, Messenger, Line, Snapchat, TikTok,
// WeChat...), whose storage is the app's: a seat taken there is not in the phone's usual browser, where the player
// later opens the match, and the app may clear it any day. Their user agents name them, as Android's WebView does
// with "; wv)"; a browser's own never does, so a browser is never told it is one. Push notifications are none there.
const APP_BROWSER = /\b(?:Instagram|FBAN|FBAV|FB_IAB|Line\/|Snapchat|musical_ly|BytedanceWebview|MicroMessenger|WhatsApp\/|Twitter for|LinkedInApp|Pinterest\/|KAKAOTALK)|; wv\)/;

export function inAppBrowser() {
  return APP_BROWSER.test(navigator.userAgent);
}
