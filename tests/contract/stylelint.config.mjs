// Only what the baseline browsers (browsers.mjs) lack, in frontend/css/ (caniuse's data, through doiuse). Run by
// tests/contract/test_browsers.py. A rule the baseline lacks is either written with a fallback first (or inside
// @supports), or left for newer browsers as an extra, with a `stylelint-disable-next-line` comment saying so.
import {BROWSERS} from "./browsers.mjs";

export default {
  plugins: ["stylelint-no-unsupported-browser-features"],
  rules: {
    "plugin/no-unsupported-browser-features": [true, {
      browsers: BROWSERS,
      severity: "error",
      ignorePartialSupport: true, // e.g. overflow's two-value form, a column break: what the app uses works
      ignore: [
        "extended-system-fonts", // ui-monospace, system-ui: each is followed by fonts every browser has
        "css3-cursors", // iOS has no pointer to show a cursor on
        "css-touch-action", // desktop Safari, which has no touch screen (iOS Safari has it)
      ],
    }],
    // What caniuse's data there does not know, and drops the whole declaration where it is missing.
    "function-disallowed-list": [["color-mix", "light-dark"], {
      message: (name) => `${name}() is missing before Safari 16.2 and Chrome 111 (light-dark: 17.5, 123): use a plain colour`,
    }],
  },
};
