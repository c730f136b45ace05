// The oldest browsers the app supports (README, "Browsers"), as a browserslist query for the linters of
// tests/contract/test_browsers.py: eslint.config.mjs (JavaScript) and stylelint.config.mjs (CSS).
// About five years back: an iPad that stopped at iOS 15, a school's Chromebooks on Chrome 90, Firefox ESR 115.
export const BROWSERS = ["chrome >= 90", "edge >= 90", "firefox >= 115", "safari >= 15", "ios_saf >= 15"];
